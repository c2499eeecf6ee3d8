import Foundation
import Testing

@testable import SubscriptionEngine

/// The example catalog shipped in `Config/catalog.example.json`, found from this file's path.
func exampleCatalog() throws -> Catalog {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let data = try Data(contentsOf: root.appendingPathComponent("Config/catalog.example.json"))
    return try Catalog.decode(fromJSON: data)
}

/// An engine, an in-memory store and a test clock.
struct Harness {
    var engine: SubscriptionEngine
    var store = InMemoryEngineStore()
    var now: Timestamp
    var commandCount = 0
    var events: [EngineEvent] = []

    init(start: Timestamp = .utc(2026, 1, 1), adjust: (inout Catalog) -> Void = { _ in }) throws {
        var catalog = try exampleCatalog()
        adjust(&catalog)
        engine = SubscriptionEngine(catalog: catalog)
        now = start
    }

    /// Applies a command at `now`; records every event.
    @discardableResult
    mutating func run(_ command: EngineCommand) throws -> EngineOutcome {
        commandCount += 1
        let outcome = try engine.apply(command, commandId: "cmd-\(commandCount)", at: now, in: &store)
        events += outcome.events
        return outcome
    }

    /// Applies a command that must succeed.
    @discardableResult
    mutating func ok(_ command: EngineCommand, sourceLocation: SourceLocation = #_sourceLocation) throws -> EngineOutcome {
        let outcome = try run(command)
        if let rejection = outcome.reply.rejection {
            Issue.record("rejected: \(rejection)", sourceLocation: sourceLocation)
        }
        return outcome
    }

    /// Applies a command that must be refused; returns the rejection.
    mutating func rejected(_ command: EngineCommand, sourceLocation: SourceLocation = #_sourceLocation) throws -> EngineRejection? {
        let outcome = try run(command)
        #expect(outcome.reply.rejection != nil, "expected a rejection, got \(outcome.reply)", sourceLocation: sourceLocation)
        return outcome.reply.rejection
    }

    /// Moves the clock and fires what fell due.
    @discardableResult
    mutating func advance(to time: Timestamp) throws -> [EngineEvent] {
        now = time
        let fired = try engine.advance(to: time, in: &store)
        events += fired
        return fired
    }

    /// Buys a product; returns the subscription id.
    mutating func purchase(
        _ productId: String, customer: String = "alice", storefront: StorefrontCode = .unitedStates,
        offer: PurchaseOffer? = nil
    ) throws -> String {
        let outcome = try ok(.purchase(PurchaseRequest(customerId: customer, productId: productId, storefront: storefront, offer: offer)))
        switch outcome.reply {
        case .subscription(let info), .switchProduct(let info, _, _):
            return info.renewalInfo.originalTransactionId
        default:
            Issue.record("no subscription in \(outcome.reply)")
            return ""
        }
    }

    func subscription(_ id: String) throws -> Subscription {
        try #require(try store.subscription(id))
    }

    /// Every transaction of a subscription, oldest first (the store's history).
    func transactions(_ id: String) throws -> [TransactionRecord] {
        try store.transactions(of: id)
    }

    /// `TYPE/SUBTYPE` of each event, for compact assertions.
    static func kinds(_ events: [EngineEvent]) -> [String] {
        events.map { "\($0.notificationType.rawValue)/\($0.subtype?.rawValue ?? "-")" }
    }
}

extension EngineEvent {
    var data: NotificationData? {
        if case .data(let data) = payload { return data }
        return nil
    }

    var communication: SubscriberCommunication? {
        if case .communication(let communication) = payload { return communication }
        return nil
    }
}
