import Foundation
import Logging
import ServiceTestSupport
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionStorePostgres
import SubscriptionWire
import SwiftProtobuf
import Testing

@testable import SubscriptionConsumer
@testable import SubscriptionHandler

/// A what-if through the pipeline's per-command step on a real SQLite file and, when its server
/// is there (`TEST_DATABASE_URL`, scripts/test.sh), a real PostgreSQL database (docs/what-if.md):
/// sent as an ordinary command, it is still run as a preview, so it records nothing.
@Suite("Price-change what-if in the pipeline")
struct WhatIfPipelineTests {
    enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }

        static var available: [Backend] { TestPostgres.isEnabled ? [.sqlite, .postgres] : [.sqlite] }

        func open() async throws -> any ConsumerStore {
            let logger = Logger(label: "what-if-tests", factory: { _ in SwiftLogNoOpLogHandler() })
            switch self {
            case .sqlite:
                let path = FileManager.default.temporaryDirectory.appending(path: "what-if-\(UUID().uuidString)/db.sqlite").path
                return try SubscriptionDatabase(path: path)
            case .postgres:
                let url = try await PostgresStore.createDatabase(
                    named: TestPostgres.databaseName("whatif"), onServerOf: TestPostgres.url, logger: logger)
                return try await PostgresStore.open(url: url, logger: logger)
            }
        }
    }

    static let start = Date(timeIntervalSince1970: 1_893_456_000)  // 2030-01-01

    /// Runs `envelope` through the pipeline's step in one transaction; returns the reply and the
    /// counts of processed commands and outbox entries afterwards.
    static func apply(
        _ envelope: Subscriptions_V1_CommandEnvelope, handler: EngineCommandHandler, in store: any ConsumerStore
    ) async throws -> (reply: Subscriptions_V1_CommandReply, processed: Int, outbox: Int) {
        try await store.write { transaction in
            let clock = ConsumerClock(mode: .manual)
            if try clock.currentTime(in: transaction) == nil { try clock.set(Self.start, in: transaction) }
            var transactionClock = TransactionClock(clock, in: transaction)
            let route = try #require(envelope.route)
            let (bytes, _, events) = try CommandPipeline.apply(
                envelope, route: route, handler: handler, clock: &transactionClock, in: transaction)
            _ = try transaction.enqueue(events)
            return (try Subscriptions_V1_CommandReply(serializedBytes: bytes), try transaction.processedCommandCount(), try transaction.outboxCount())
        }
    }

    @Test(
        "R-WIF-1 a what-if sent without the preview flag answers its counts and leaves no processed-command record, outbox entry or change",
        arguments: Backend.available)
    func recordsNothing(backend: Backend) async throws {
        let store = try await backend.open()
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let handler = try EngineCommandHandler(
            catalogPath: root.appending(path: "Config/catalog.example.json").path,
            logger: .init(label: "what-if-tests", factory: { _ in SwiftLogNoOpLogHandler() }))
        let bought = try await Self.apply(
            CommandPreviewTests.envelope(CommandPreviewTests.purchase, preview: false), handler: handler, in: store)
        let id = bought.reply.purchase.subscription.transactionInfo.originalTransactionID
        let before = try await store.read { try AggregateEngineStore($0).subscription(id) }
        #expect(before != nil)
        let question = Subscriptions_V1_CommandEnvelope.OneOf_Command.priceChangeWhatIf(.with {
            $0.productID = "news.basic.monthly"
            $0.prices = [.with {
                $0.storefront = "USA"
                $0.price = 9_990
            }]
            $0.consentRateBasisPoints = 0
        })
        let asked = try await Self.apply(CommandPreviewTests.envelope(question, preview: false), handler: handler, in: store)
        #expect(asked.reply.status == .ok && asked.reply.preview)
        let usa = try #require(asked.reply.priceChangeWhatIf.storefronts.first)
        #expect(usa.subscriptions == 1 && usa.consentRequired == 1 && usa.expiredPriceIncrease == 1, "\(usa)")
        #expect(usa.firstCommunication == Google_Protobuf_Timestamp(seconds: 1_893_456_000 + 4 * 86_400), "27 days before 2030-02-01")
        #expect(asked.processed == 1 && asked.outbox == 1, "only the purchase's record and event")
        let after = try await store.read { try AggregateEngineStore($0).subscription(id) }
        #expect(after == before)

        let refused = try await Self.apply(CommandPreviewTests.envelope(.priceChangeWhatIf(.with {
            $0.productID = "news.basic.monthly"
            $0.consentRateBasisPoints = 10_001
        }), preview: false), handler: handler, in: store)
        #expect(refused.reply.status == .invalidArgument && refused.reply.error.field == "consentRateBasisPoints", "\(refused.reply)")
        #expect(refused.processed == 1)
        if let postgres = store as? PostgresStore { await postgres.close() }
    }
}
