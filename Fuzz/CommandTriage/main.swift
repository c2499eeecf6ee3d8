// libFuzzer target (scripts/fuzz.sh, docs/reliability.md "Fuzzing"): arbitrary bytes and
// properties as a delivered command, through the consumer's triage (CommandTriage.swift and
// CommandReply+Status.swift of SubscriptionConsumer are compiled in beside this file). The first
// byte picks the content type and correlation id; the rest is the body. It must never trap; a
// refusal names what was wrong (a message, and a status other than OK) without Swift's or
// Foundation's internals; an accepted envelope re-encodes to a body that is accepted again as
// the same envelope.
import Foundation
import SubscriptionMessages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let body = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let contentTypes: [String?] = [nil, WireContract.contentType, "", "application/json", String(repeating: "x", count: 300)]
    let contentType = contentTypes[Int(selector) % contentTypes.count]
    let correlationId: String? = selector & 0x80 == 0 ? nil : "correlation-\(selector)"
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    switch CommandTriage(body: body, correlationId: correlationId, contentType: contentType, maximumBytes: 4096, now: now) {
    case .apply(let envelope, let route):
        guard let again: Data = try? envelope.serializedBytes() else { fatalError("an accepted envelope does not encode: \(envelope)") }
        guard case .apply(let decoded, let routeAgain) = CommandTriage(body: again, correlationId: nil, now: now),
            decoded == envelope, routeAgain == route
        else { fatalError("an accepted envelope re-encoded is not accepted as itself: \(envelope)") }
    case .deadLetter(let reason, let reply):
        check(reply, reason: reason)
    case .answer(let reply):
        check(reply, reason: "answer")
    }
    return 0
}

private func check(_ reply: Subscriptions_V1_CommandReply, reason: String) {
    if reason.isEmpty || reply.error.message.isEmpty || reply.status == .ok {
        fatalError("a refusal without a reason, a message or a status: \(reason) \(reply)")
    }
    for leak in ["FoundationEssentials", "Swift.", "SwiftProtobuf.", "_StringGuts", "Optional("] where reply.error.message.contains(leak) {
        fatalError("a refusal shows an internal (\(leak)): \(reply.error.message)")
    }
}
