/// gRPC's `grpc-timeout` header (the HTTP/2 protocol: 1 to 8 digits and a unit, `H` hours, `M`
/// minutes, `S` seconds, `m` milliseconds, `u` microseconds, `n` nanoseconds), which carries the
/// caller's deadline as the time left.
struct GRPCTimeout: Sendable, Hashable {
    /// The time the caller gives the call.
    var duration: Duration

    /// Reads `header`; nil when it is not a valid `grpc-timeout`.
    init?(_ header: String) {
        let utf8 = Array(header.utf8)
        guard (2...9).contains(utf8.count), let unit = utf8.last else { return nil }
        var amount: Int64 = 0
        for digit in utf8.dropLast() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            amount = amount * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        switch unit {
        case UInt8(ascii: "H"): duration = .seconds(amount * 3600)
        case UInt8(ascii: "M"): duration = .seconds(amount * 60)
        case UInt8(ascii: "S"): duration = .seconds(amount)
        case UInt8(ascii: "m"): duration = .milliseconds(amount)
        case UInt8(ascii: "u"): duration = .microseconds(amount)
        case UInt8(ascii: "n"): duration = .nanoseconds(amount)
        default: return nil
        }
    }
}
