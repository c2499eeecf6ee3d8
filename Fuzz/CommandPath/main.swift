// libFuzzer target (scripts/fuzz.sh, docs/reliability.md "Fuzzing"): the consumer's whole command
// path on an in-memory store. The input is a run of commands, each `[length: 2 bytes][body]`
// (the first byte picks the content type and correlation id as in `command-triage`); every body
// goes through the consumer's triage (CommandTriage.swift and CommandReply+Status.swift of
// SubscriptionConsumer are compiled in beside this file), the bus check
// (`BusCommandValidator`) and then the engine (`EngineCommandHandler` over an
// `InMemoryAggregateTransaction` shared by the run, so later commands meet what earlier ones
// made), and at the end the clock is let run 400 days, firing every timer. It must never trap;
// every refusal names what was wrong, without Swift's or Foundation's internals.
import Foundation
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

/// The example catalog, read once (the fuzzer runs from the repository's root).
private let handler: EngineCommandHandler = {
    guard let data = FileManager.default.contents(atPath: "Config/catalog.example.json"),
        let catalog = try? Catalog.decode(fromJSON: data)
    else { fatalError("run from the repository's root: Config/catalog.example.json is needed") }
    return EngineCommandHandler(catalog: catalog)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let selector = bytes[0]
    let contentTypes: [String?] = [nil, WireContract.contentType, "", "application/json"]
    let contentType = contentTypes[Int(selector) % contentTypes.count]
    let correlationId: String? = selector & 0x80 == 0 ? nil : "correlation-\(selector)"
    let transaction = InMemoryAggregateTransaction()
    var now = Date(timeIntervalSince1970: 1_800_000_000)
    var offset = 1
    var commands = 0
    while offset + 2 <= size, commands < 16 {
        let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        offset += 2
        let end = min(size, offset + length)
        let body = Data(bytes[offset..<end])
        offset = end
        commands += 1
        switch CommandTriage(body: body, correlationId: correlationId, contentType: contentType, maximumBytes: 1 << 16, now: now) {
        case .apply(let envelope, _):
            if let problem = BusCommandValidator.problem(in: envelope) {
                check(problem.description, ok: false)
                continue
            }
            do {
                let outcome = try handler.handle(envelope, context: CommandContext(now: now, clock: .manual), in: transaction)
                let reply = outcome.reply
                if reply.status != .ok { check(reply.error.message, ok: false) }
                if let advanced = outcome.manualClockAdvancedTo { now = advanced }
            } catch {
                // Store errors only (the in-memory store has none) or a reply that cannot be encoded.
                check("\(error)", ok: false)
            }
        case .deadLetter(_, let reply), .answer(let reply):
            check(reply.error.message, ok: false)
        }
    }
    _ = try? handler.advance(to: now.addingTimeInterval(400 * 86_400), massExtensionBatches: 4, in: transaction)
    return 0
}

/// A refusal says what was wrong, in plain words.
private func check(_ message: String, ok: Bool) {
    if !ok, message.isEmpty { fatalError("a refusal without a message") }
    for leak in ["FoundationEssentials", "_StringGuts", "SwiftProtobuf.", "Optional("] where message.contains(leak) {
        fatalError("a refusal shows an internal (\(leak)): \(message)")
    }
}
