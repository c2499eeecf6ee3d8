import AMQPClient
import Foundation
import GRDB
import Logging
import ServiceConfiguration
import ServiceTestSupport
import SubscriptionArchive
import SubscriptionMessages
import SubscriptionStore
import SubscriptionTopology
import SubscriptionWire
import SwiftProtobuf
import Synchronization
import Testing

@testable import SubscriptionArchive
@testable import SubscriptionConsumer
@testable import SubscriptionHandler

/// The event archive (docs/console.md): its configuration, the history query it completes, and
/// the archive service against a real broker and a real SQLite file.
@Suite("Event archive")
struct EventArchiveTests {
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appending(path: "archive-\(UUID().uuidString)").appending(path: name).path
    }

    static func event(_ subscription: String, _ sequence: UInt64, type: Subscriptions_V1_NotificationType = .didRenew)
        -> Subscriptions_V1_NotificationEvent
    {
        .with {
            $0.notificationType = type
            $0.notificationUuid = "\(subscription)-\(sequence)"
            $0.subscriptionID = subscription
            $0.sequence = sequence
            $0.signedDate = Google_Protobuf_Timestamp(seconds: Int64(1_700_000_000 + sequence * 60))
            $0.version = "2.0"
            $0.schemaVersion = 1
        }
    }

    @Test("EVENT_ARCHIVE, its file, its retention and STATUS_INTERVAL are read by name; a bad value is refused naming it")
    func configuration() throws {
        let defaults = try ConsumerConfiguration(environment: [:])
        #expect(defaults.eventArchive == .on && defaults.eventArchiveDatabasePath == nil)
        #expect(defaults.eventArchiveRetention == .seconds(400 * 86_400) && defaults.statusInterval == .seconds(5))
        let configured = try ConsumerConfiguration(environment: [
            "EVENT_ARCHIVE": "off", "EVENT_ARCHIVE_DATABASE_PATH": "/d/a.sqlite", "EVENT_ARCHIVE_RETENTION_DAYS": "30",
            "STATUS_INTERVAL": "0",
        ])
        #expect(configured.eventArchive == .off && configured.eventArchiveDatabasePath == "/d/a.sqlite")
        #expect(configured.eventArchiveRetention == .seconds(30 * 86_400) && configured.statusInterval == .zero)
        for (name, value) in [("EVENT_ARCHIVE", "maybe"), ("EVENT_ARCHIVE_RETENTION_DAYS", "0"), ("STATUS_INTERVAL", "-1")] {
            let error = #expect(throws: ConfigurationError.self) { try ConsumerConfiguration(environment: [name: value]) }
            #expect(error?.variable == name)
        }
        #expect(EventArchiveConfiguration.defaultDatabasePath(besides: "/d/subscriptions.sqlite") == "/d/subscriptions.archive.sqlite")
    }

    /// Answers every history query with the engine's part: two subscriptions, no events.
    struct EngineStub: CommandHandling {
        func handle(
            _ envelope: Subscriptions_V1_CommandEnvelope, context: CommandContext, in transaction: any AggregateTransaction
        ) throws -> CommandOutcome {
            let reply = Subscriptions_V1_GetSubscriptionHistoryReply.with {
                $0.subscriptions = ["s1", "s2"].map { id in .with { $0.originalTransactionID = id; $0.lastSequence = 5 } }
            }
            return CommandOutcome(
                reply: .with { $0.commandID = envelope.commandID; $0.result = .getSubscriptionHistory(reply) }, events: [])
        }

        func advance(to now: Date, massExtensionBatches: Int, in transaction: any AggregateTransaction) throws
            -> [OutgoingEvent]
        { [] }

        func readKeys(for envelopes: [Subscriptions_V1_CommandEnvelope]) -> StoreReadKeys {
            StoreReadKeys(commandIds: envelopes.map(\.commandID))
        }
    }

    @Test("the history query gets each subscription's latest archived events by sequence, the truncation flag and now")
    func historyHandler() async throws {
        let archive = try EventArchiveDatabase(path: Self.temporaryPath("archive.sqlite"))
        let events = (1...5).map { Self.event("s1", $0) } + [Self.event("s2", 1)]
        try await archive.insert(events.map { ArchivedEvent($0, body: try $0.serializedBytes(), archivedAt: 1) })
        let database = try SubscriptionDatabase(path: Self.temporaryPath("state.sqlite"))
        let envelope = Subscriptions_V1_CommandEnvelope.with {
            $0.commandID = UUID().uuidString
            $0.getSubscriptionHistory = .with { $0.customerID = "alice"; $0.eventLimit = 3 }
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let handler = HistoryCommandHandler(inner: EngineStub(), archive: archive)
        let outcome = try await database.write { try handler.handle(envelope, context: CommandContext(now: now, clock: .manual), in: $0) }
        guard case .getSubscriptionHistory(let reply)? = outcome.reply.result else {
            Issue.record("no history: \(outcome.reply)")
            return
        }
        #expect(reply.archiveEnabled && reply.now.seconds == 1_800_000_000)
        #expect(reply.subscriptions[0].events.map(\.sequence) == [3, 4, 5])
        #expect(reply.subscriptions[0].eventsTruncated)
        #expect(reply.subscriptions[1].events.map(\.notificationUuid) == ["s2-1"] && !reply.subscriptions[1].eventsTruncated)

        let without = HistoryCommandHandler(inner: EngineStub(), archive: nil)
        let off = try await database.write { try without.handle(envelope, context: CommandContext(now: now, clock: .manual), in: $0) }
        guard case .getSubscriptionHistory(let empty)? = off.reply.result else { Issue.record("no history"); return }
        #expect(!empty.archiveEnabled && empty.subscriptions.allSatisfy(\.events.isEmpty))
    }
}

/// The archive service on a real SQLite file: events handed over are stored once each, in
/// batches, and each handover's `then` runs only after its events are stored (the outbox keeps
/// them until then); a store that keeps failing lets the events go rather than hold the outbox.
@Suite("Event archive service")
struct EventArchiveServiceTests {
    static func logger() -> Logger {
        var logger = Logger(label: "archive-test")
        logger.logLevel = .critical
        return logger
    }

    static func entry(_ subscription: String, _ sequence: UInt64) throws -> OutboxEntry {
        try OutgoingEvent(EventArchiveTests.event(subscription, sequence)).outboxEntry()
    }

    @Test("an outbox entry's routing key gives the archive row its type and subtype, split at the first dot")
    func routingKeySegments() {
        func row(_ key: String) -> (String, String) {
            let entry = OutboxEntry(
                routingKey: key, messageId: "m", correlationId: "", subscriptionId: "s", sequence: 1, signedAt: 0, body: Data())
            let event = ArchivedEvent(entry, archivedAt: 0)
            return (event.notificationType, event.subtype)
        }
        #expect(row("DID_CHANGE_RENEWAL_STATUS.AUTO_RENEW_DISABLED") == ("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED"))
        #expect(row("SUBSCRIBED.NONE") == ("SUBSCRIBED", "NONE"))
        #expect(row("TEST") == ("TEST", ""))
        #expect(row("TYPE.") == ("TYPE", ""))
        #expect(row("A.B.C") == ("A", "B.C"))
        #expect(row("") == ("", ""))
    }

    @Test("handed-over events are stored once each (a re-published uuid too) with their index columns, and then runs after the store")
    func archivesHandedOverEvents() async throws {
        let database = try EventArchiveDatabase(path: EventArchiveTests.temporaryPath("archive.sqlite"))
        let archive = EventArchive(
            database: database, configuration: EventArchiveConfiguration(databasePath: "", batchLimit: 2), logger: Self.logger())
        let entries = try [Self.entry("s1", 2), Self.entry("s1", 1), Self.entry("s1", 2)] + (3...6).map { try Self.entry("s1", $0) }
        // Archived now: the archive's pruning, which starts with it, keeps them.
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let countsAtThen = Mutex<[Int]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await archive.run() }
            for chunk in [entries[0..<1], entries[1..<4], entries[4...]] {
                let expected = Set(chunk.map(\.messageId))
                archive.archive(chunk.map { ArchivedEvent($0, archivedAt: now) }) {
                    // Every event of this handover is stored when its `then` runs.
                    do {
                        let stored = Set(try database.events(ofSubscription: "s1", limit: 100).events.map(\.uuid))
                        countsAtThen.withLock { $0.append(expected.isSubset(of: stored) ? 1 : 0) }
                    } catch {
                        Issue.record("reading the archive: \(error)")
                        countsAtThen.withLock { $0.append(-1) }
                    }
                }
            }
            await archive.store([ArchivedEvent(try Self.entry("s2", 1), archivedAt: now)])
            let deadline = ContinuousClock.now + .seconds(20)
            while countsAtThen.withLock({ $0.count }) < 3, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            group.cancelAll()
        }
        #expect(countsAtThen.withLock { $0 } == [1, 1, 1])
        let (stored, truncated) = try database.events(ofSubscription: "s1", limit: 100)
        #expect(stored.map(\.sequence) == [1, 2, 3, 4, 5, 6])
        #expect(!truncated)
        #expect(stored.first?.notificationType == "DID_RENEW" && stored.first?.subtype == "NONE")
        #expect(stored[1].signedDate == 1_700_000_120_000 && stored[1].archivedAt == now)
        #expect(try Subscriptions_V1_NotificationEvent(serializedBytes: stored[1].body) == EventArchiveTests.event("s1", 2))
        #expect(try database.count() == 7)
    }

    @Test("handovers that arrive while the archive lingers share one transaction; a quarter batch or more does not wait")
    func lingerGroupsHandovers() async throws {
        let database = try EventArchiveDatabase(path: EventArchiveTests.temporaryPath("archive.sqlite"))
        let archive = EventArchive(
            database: database,
            // A linger long enough that a store of 16 events under a loaded machine's fsyncs (seen
            // here at 1.04 s) is still told apart from one that waited for it.
            configuration: EventArchiveConfiguration(databasePath: "", batchLimit: 64, linger: .seconds(6)),
            logger: Self.logger())
        let done = Mutex(0)
        // Archived now: the archive's pruning, which starts with it, keeps them.
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await archive.run() }
            for sequence in 1...5 {
                archive.archive([ArchivedEvent(try Self.entry("s1", UInt64(sequence)), archivedAt: now)]) { done.withLock { $0 += 1 } }
                try await Task.sleep(for: .milliseconds(10))
            }
            let deadline = ContinuousClock.now + .seconds(20)
            while done.withLock({ $0 }) < 5, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(archive.transactionsStored == 1, "five single events within the linger: one transaction")

            // Sixteen events are a quarter of the batch limit: stored without lingering.
            let started = ContinuousClock.now
            await archive.store(try (1...16).map { ArchivedEvent(try Self.entry("s2", $0), archivedAt: now) })
            #expect(ContinuousClock.now - started < .seconds(3), "no linger, also not after the wake-up the first pass left")
            #expect(archive.transactionsStored == 2)
            group.cancelAll()
        }
        #expect(try database.count() == 21)
    }

    @Test("a store that keeps failing is tried the configured times, then the events are let go and then still runs")
    func failingStoreLetsGo() async throws {
        let path = EventArchiveTests.temporaryPath("archive.sqlite")
        let database = try EventArchiveDatabase(path: path)
        // Another connection breaks the file under the archive: every insert fails.
        try await DatabaseQueue(path: path).write { try $0.execute(sql: "DROP TABLE event") }
        let archive = EventArchive(
            database: database,
            configuration: EventArchiveConfiguration(databasePath: "", attempts: 3, retryDelay: .milliseconds(10)),
            logger: Self.logger())
        let started = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await archive.run() }
            await archive.store([ArchivedEvent(try Self.entry("s1", 1), archivedAt: 7)])
            group.cancelAll()
        }
        #expect(ContinuousClock.now - started >= .milliseconds(20), "two pauses between three attempts")
    }
}
