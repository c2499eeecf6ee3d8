import Foundation
import Logging
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire
import SwiftProtobuf
import Testing

@testable import SubscriptionHandler

/// `Config/catalog.example.json` at the package root, found from this file's path.
let exampleCatalogPath: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Config/catalog.example.json").path

func exampleCatalog() throws -> Catalog {
    try Catalog.decode(fromJSON: Data(contentsOf: URL(fileURLWithPath: exampleCatalogPath)))
}

/// 2026-01-01T00:00:00Z.
let newYear = Date(timeIntervalSince1970: 1_767_225_600)

/// A handler over the example catalog, one in-memory transaction and a manual clock.
final class Bench {
    let handler: EngineCommandHandler
    let transaction = InMemoryAggregateTransaction()
    var now: Date
    var clock: ClockMode
    private var counter = 0

    init(now: Date = newYear, clock: ClockMode = .manual, catalogPath: String = exampleCatalogPath) throws {
        handler = try EngineCommandHandler(catalogPath: catalogPath, logger: Logger(label: "test"))
        self.now = now
        self.clock = clock
    }

    /// Sends `command` in a fresh envelope (on the test clock `testClock`, if given); a
    /// manual-clock advance moves `now`.
    @discardableResult
    func send(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command?, testClock: String = "") throws -> CommandOutcome {
        counter += 1
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = "command-\(counter)"
        envelope.schemaVersion = WireContract.schemaVersion
        envelope.testClockID = testClock
        envelope.command = command
        let outcome = try handler.handle(envelope, context: CommandContext(now: now, clock: clock), in: transaction)
        if let advanced = outcome.manualClockAdvancedTo { now = advanced }
        return outcome
    }

    /// Buys `productId` for `customer` in the US storefront (on the test clock `testClock`, if given).
    func purchase(_ productId: String, customer: String = "alice", testClock: String = "") throws -> CommandOutcome {
        try send(
            .purchase(.with {
                $0.customerID = customer
                $0.productID = productId
                $0.storefront = "USA"
            }), testClock: testClock)
    }

    /// Advances the manual clock by `days`.
    func advance(days: Int64) throws -> CommandOutcome {
        try send(.advanceTestClock(.with { $0.advanceBy = Google_Protobuf_Duration(seconds: days * 86_400) }))
    }
}

extension Subscriptions_V1_NotificationEvent {
    /// `TYPE.SUBTYPE`, as the routing key.
    var kind: String { routingKey }
}

extension Date {
    /// This date plus whole days.
    func adding(days: Int) -> Date { addingTimeInterval(TimeInterval(days) * 86_400) }
}
