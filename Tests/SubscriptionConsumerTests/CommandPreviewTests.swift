import Foundation
import Logging
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire
import SwiftProtobuf
import Testing

@testable import SubscriptionConsumer
@testable import SubscriptionHandler

/// Previews (docs/previews.md) through the pipeline's per-command step on a real SQLite file:
/// the reply and the events come back, nothing is stored, recorded or queued.
@Suite("Command previews")
struct CommandPreviewTests {
    static let start = Date(timeIntervalSince1970: 1_893_456_000)  // 2030-01-01
    let database: SubscriptionDatabase
    let handler: EngineCommandHandler
    let clock = ConsumerClock(mode: .manual)

    init() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "preview-\(UUID().uuidString)/db.sqlite").path
        database = try SubscriptionDatabase(path: path)
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        handler = try EngineCommandHandler(
            catalogPath: root.appending(path: "Config/catalog.example.json").path,
            logger: .init(label: "preview-tests", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    static func envelope(
        _ command: Subscriptions_V1_CommandEnvelope.OneOf_Command, preview: Bool, until: Date? = nil, id: String = UUID().uuidString
    ) -> Subscriptions_V1_CommandEnvelope {
        .with {
            $0.commandID = id.lowercased()
            $0.schemaVersion = preview ? WireContract.previewSchemaVersion : WireContract.schemaVersion
            $0.preview = preview
            if let until { $0.previewUntil = Google_Protobuf_Timestamp(date: until) }
            $0.command = command
        }
    }

    static let purchase = Subscriptions_V1_CommandEnvelope.OneOf_Command.purchase(.with {
        $0.customerID = "alice"
        $0.productID = "news.basic.monthly"
        $0.storefront = "USA"
    })

    /// Runs `envelope` through the pipeline's step in one transaction; returns the reply, the
    /// events queued, and the transaction's counts of processed commands and outbox entries.
    func apply(_ envelope: Subscriptions_V1_CommandEnvelope) async throws
        -> (reply: Subscriptions_V1_CommandReply, queued: Int, processed: Int, outbox: Int)
    {
        try await database.write { [handler, clock] transaction in
            if try clock.currentTime(in: transaction) == nil { try clock.set(Self.start, in: transaction) }
            var transactionClock = TransactionClock(clock, in: transaction)
            let route = try #require(envelope.route)
            let (bytes, _, events) = try CommandPipeline.apply(
                envelope, route: route, handler: handler, clock: &transactionClock, in: transaction)
            _ = try transaction.enqueue(events)
            return (
                try Subscriptions_V1_CommandReply(serializedBytes: bytes), events.count, try transaction.processedCommandCount(),
                try transaction.outboxCount())
        }
    }

    @Test("R-PRV-1 a previewed purchase answers its reply and SUBSCRIBED, and leaves no subscription, record or outbox entry; the real one then gets the same ids")
    func purchasePreview() async throws {
        let previewed = try await apply(Self.envelope(Self.purchase, preview: true))
        #expect(previewed.reply.preview)
        #expect(previewed.reply.status == .ok)
        #expect(previewed.reply.previewEvents.map(\.routingKey) == ["SUBSCRIBED.INITIAL_BUY"])
        #expect(previewed.queued == 0 && previewed.processed == 0 && previewed.outbox == 0)
        let id = previewed.reply.purchase.subscription.transactionInfo.originalTransactionID
        #expect(!id.isEmpty)
        let stored = try await database.read { try $0.subscription(id) }
        #expect(stored == nil, "the previewed subscription was rolled back")

        let real = try await apply(Self.envelope(Self.purchase, preview: false))
        #expect(!real.reply.preview && real.reply.previewEvents.isEmpty)
        #expect(real.reply.purchase.subscription.transactionInfo.originalTransactionID == id, "the preview used up no id")
        #expect(real.queued == 1 && real.processed == 1 && real.outbox == 1)
    }

    @Test("R-PRV-1 previewUntil lets the command's clock run: the renewals it would fire come back with their dates, and are not applied")
    func horizon() async throws {
        _ = try await apply(Self.envelope(Self.purchase, preview: false))
        let id = try await database.read { try $0.subscriptionIds(customerId: "alice").first }
        let subscription = try #require(id)
        let off = Self.envelope(.setAutoRenew(.with {
            $0.originalTransactionID = subscription
            $0.action = .disable
        }), preview: true, until: Self.start.addingTimeInterval(70 * 86_400))
        let previewed = try await apply(off)
        #expect(previewed.reply.previewEvents.map(\.routingKey) == [
            "DID_CHANGE_RENEWAL_STATUS.AUTO_RENEW_DISABLED", "EXPIRED.VOLUNTARY",
        ])
        #expect(previewed.reply.previewEvents.last?.signedDate == Google_Protobuf_Timestamp(date: Self.start.addingTimeInterval(31 * 86_400)))
        #expect(previewed.queued == 0 && previewed.processed == 1 && previewed.outbox == 1, "only the real purchase")
        let status = try await apply(Self.envelope(.getAllSubscriptionStatuses(.with { $0.transactionID = subscription }), preview: false))
        #expect(status.reply.getAllSubscriptionStatuses.data.first?.lastTransactions.first?.renewalInfo.autoRenewStatus == true)
    }

    @Test("a preview to the year 9999 is refused (TooManyEventsError, the 1,096-day horizon), nothing kept; within the horizon it runs")
    func horizonBound() async throws {
        let far = try await apply(Self.envelope(Self.purchase, preview: true, until: Date(timeIntervalSince1970: 253_402_300_799)))
        #expect(far.reply.preview)
        #expect(far.reply.status == .outOfRange)
        #expect(far.reply.error.appleErrorCode == 4_009_006)
        #expect(far.reply.error.field == "previewUntil")
        #expect(far.queued == 0 && far.processed == 0 && far.outbox == 0)
        let near = try await apply(Self.envelope(Self.purchase, preview: true, until: Self.start.addingTimeInterval(1_000 * 86_400)))
        #expect(near.reply.status == .ok)
        #expect(near.reply.previewEvents.count > 30, "about 33 monthly renewals")
    }

    @Test("R-PRV-2 a preview reuses no command id: after a previewed command, the same id applies for real")
    func commandIdUnused() async throws {
        let id = UUID().uuidString
        _ = try await apply(Self.envelope(Self.purchase, preview: true, id: id))
        let real = try await apply(Self.envelope(Self.purchase, preview: false, id: id))
        #expect(!real.reply.replayed && !real.reply.preview)
        #expect(real.processed == 1)
    }

    @Test("R-PRV-2 ReloadCatalog cannot be previewed: refused naming preview, nothing changes")
    func reloadRefused() async throws {
        let previewed = try await apply(Self.envelope(.reloadCatalog(.init()), preview: true))
        #expect(previewed.reply.preview)
        #expect(previewed.reply.status == .invalidArgument)
        #expect(previewed.reply.error.field == "preview")
        #expect(previewed.processed == 0)
    }

    @Test("R-PRV-2 triage: a preview may carry schema version 2, which an older consumer refuses; a command that is no preview may not")
    func schemaVersion() throws {
        let preview = Self.envelope(Self.purchase, preview: true)
        guard case .apply = CommandTriage(body: try preview.serializedBytes(), correlationId: "c") else {
            Issue.record("a preview with version 2 was not applied")
            return
        }
        var notPreview = preview
        notPreview.preview = false
        guard case .deadLetter(let reason, _) = CommandTriage(body: try notPreview.serializedBytes(), correlationId: "c") else {
            Issue.record("version 2 without preview was applied")
            return
        }
        #expect(reason == "unknown-schema-version")
    }
}
