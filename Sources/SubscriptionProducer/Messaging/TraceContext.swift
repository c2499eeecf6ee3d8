import SubscriptionMessages

/// W3C trace context of a command: the request's `traceparent` when it carries a valid one,
/// else a new one (sampled) for a trace this producer starts.
struct TraceContext: Sendable, Hashable {
    var traceparent: String
    var tracestate: String?

    /// The request's context if `traceparent` is valid (version 00, non-zero ids), else a new one.
    init(traceparent: String?, tracestate: String?) {
        if let traceparent, Self.isValid(traceparent) {
            self.traceparent = traceparent
            self.tracestate = tracestate.flatMap { $0.isEmpty ? nil : $0 }
        } else {
            self.traceparent = Self.makeTraceparent()
            self.tracestate = nil
        }
    }

    /// `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`, ids not all zero.
    static func isValid(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "00" else { return false }
        let lengths = [2, 32, 16, 2]
        for (part, length) in zip(parts, lengths) where part.count != length || !part.allSatisfy(\.isLowercaseHex) {
            return false
        }
        return parts[1].contains { $0 != "0" } && parts[2].contains { $0 != "0" }
    }

    static func makeTraceparent() -> String {
        "00-\(randomHex(bytes: 16))-\(randomHex(bytes: 8))-01"
    }

    private static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        repeat {
            text = (0..<bytes).map { _ in
                let byte = UInt8.random(in: 0...255, using: &generator)
                return String(byte, radix: 16).leftPadded(to: 2)
            }.joined()
        } while !text.contains { $0 != "0" }
        return text
    }

    var message: Subscriptions_V1_TraceContext {
        var context = Subscriptions_V1_TraceContext()
        context.traceparent = traceparent
        context.tracestate = tracestate ?? ""
        return context
    }
}

extension Character {
    fileprivate var isLowercaseHex: Bool { ("0"..."9").contains(self) || ("a"..."f").contains(self) }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
