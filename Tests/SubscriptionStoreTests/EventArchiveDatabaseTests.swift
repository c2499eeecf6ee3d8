import Foundation
import GRDB
import SubscriptionArchive
import SubscriptionStore
import Testing

@Suite("Event archive database")
struct EventArchiveDatabaseTests {
    let archive: EventArchiveDatabase
    let path = temporaryDatabasePath()

    init() throws {
        archive = try EventArchiveDatabase(path: path)
    }

    /// A new archive file at a temporary path, written by `sql` (an earlier schema), unopened.
    static func archiveFile(written sql: String) async throws -> String {
        let path = temporaryDatabasePath()
        try FileManager.default.createDirectory(
            at: URL(filePath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try await DatabaseQueue(path: path).write { try $0.execute(sql: sql) }
        return path
    }

    /// The archive's indexes on `event`, each as "name [columns] unique", sorted.
    static func eventIndexes(atPath path: String) async throws -> [String] {
        try await DatabaseQueue(path: path).read { database in
            try database.indexes(on: "event").map { "\($0.name) \($0.columns) \($0.isUnique)" }.sorted()
        }
    }

    static func event(_ uuid: String, subscription: String = "s1", sequence: UInt64, archivedAt: Int64 = 1_000) -> ArchivedEvent {
        ArchivedEvent(
            uuid: uuid, subscriptionId: subscription, sequence: sequence, signedDate: Int64(sequence) * 10,
            notificationType: "DID_RENEW", subtype: "NONE", archivedAt: archivedAt, body: Data("body-\(uuid)".utf8))
    }

    @Test("the archive commits with synchronous = FULL, also when opened again: an event that left the outbox survives a power loss")
    func durable() async throws {
        #expect(try await archive.writerSynchronousMode() == 2)
        #expect(try await archive.insert([Self.event("kept", sequence: 1)]) == 1)
        let reopened = try EventArchiveDatabase(path: path)
        #expect(try await reopened.writerSynchronousMode() == 2)
        #expect(try reopened.events(ofSubscription: "s1", limit: 10).events.map(\.uuid) == ["kept"])
    }

    @Test("a subscription's events come back by sequence whatever the arrival order; a re-published uuid is stored once")
    func orderAndDeduplication() async throws {
        let inserted = try await archive.insert([
            Self.event("c", sequence: 3), Self.event("a", sequence: 1), Self.event("other", subscription: "s2", sequence: 1),
            Self.event("b", sequence: 2),
        ])
        #expect(inserted == 4)
        #expect(try await archive.insert([Self.event("b", sequence: 2), Self.event("d", sequence: 4)]) == 1)
        let (events, truncated) = try archive.events(ofSubscription: "s1", limit: 10)
        #expect(events.map(\.uuid) == ["a", "b", "c", "d"])
        #expect(events.map(\.sequence) == [1, 2, 3, 4])
        #expect(events[1].body == Data("body-b".utf8))
        #expect(events[1].signedDate == 20)
        #expect(!truncated)
        #expect(try archive.count() == 5)
    }

    @Test("later events of a known subscription keep its ordinal; a re-published one stays out; a new one in the same batch gets the next ordinal")
    func knownSubscriptionsKeepTheirOrdinals() async throws {
        #expect(try await archive.insert([Self.event("a1", subscription: "a", sequence: 1), Self.event("b1", subscription: "b", sequence: 1)]) == 2)
        // Known (a), re-published (a1), new (c, twice in the batch), known again (b).
        let inserted = try await archive.insert([
            Self.event("a2", subscription: "a", sequence: 2), Self.event("a1", subscription: "a", sequence: 1),
            Self.event("c1", subscription: "c", sequence: 1), Self.event("c2", subscription: "c", sequence: 2),
            Self.event("b2", subscription: "b", sequence: 2),
        ])
        #expect(inserted == 4)
        let rows = try DatabaseQueue(path: path).read { database in
            try Row.fetchAll(
                database,
                sql: """
                    SELECT event.uuid, subscription.ordinal, subscription.id
                    FROM event JOIN subscription ON event.subscription = subscription.ordinal
                    """)
        }
        let ordinalOfEvent = Dictionary(uniqueKeysWithValues: rows.map { (row: Row) -> (String, Int64) in (row[0], row[1]) })
        let subscriptionOfEvent = Dictionary(uniqueKeysWithValues: rows.map { (row: Row) -> (String, String) in (row[0], row[2]) })
        #expect(rows.count == 6)
        #expect(ordinalOfEvent["a2"] == ordinalOfEvent["a1"] && ordinalOfEvent["b2"] == ordinalOfEvent["b1"])
        #expect(ordinalOfEvent["c1"] == ordinalOfEvent["c2"])
        #expect(Set([ordinalOfEvent["a1"], ordinalOfEvent["b1"], ordinalOfEvent["c1"]]).count == 3)
        #expect(subscriptionOfEvent["a2"] == "a" && subscriptionOfEvent["b2"] == "b" && subscriptionOfEvent["c2"] == "c")
        #expect(try archive.events(ofSubscription: "a", limit: 10).events.map(\.uuid) == ["a1", "a2"])
    }

    @Test("a first event (sequence 1) adds its subscription before itself, a later one after missing it: each stored once and counted once")
    func firstAndLaterEventsOfNewSubscriptions() async throws {
        // A later event of a subscription the archive has not seen (it joined mid-stream).
        #expect(try await archive.insert([Self.event("d3", subscription: "d", sequence: 3)]) == 1)
        // Its first event arrives late: the subscription exists already.
        #expect(try await archive.insert([Self.event("d1", subscription: "d", sequence: 1)]) == 1)
        // Re-published first events: nothing new, nothing counted.
        #expect(try await archive.insert([Self.event("d1", subscription: "d", sequence: 1), Self.event("d3", subscription: "d", sequence: 3)]) == 0)
        // A new subscription's first event and another's later one in one batch.
        #expect(try await archive.insert([Self.event("e1", subscription: "e", sequence: 1), Self.event("f2", subscription: "f", sequence: 2)]) == 2)
        #expect(try archive.events(ofSubscription: "d", limit: 10).events.map(\.uuid) == ["d1", "d3"])
        #expect(try archive.events(ofSubscription: "e", limit: 10).events.map(\.uuid) == ["e1"])
        #expect(try archive.events(ofSubscription: "f", limit: 10).events.map(\.uuid) == ["f2"])
        #expect(try archive.count() == 4)
        let subscriptions = try await DatabaseQueue(path: path).read { database in
            try Int.fetchOne(database, sql: "SELECT COUNT(*) FROM subscription")
        }
        #expect(subscriptions == 3)
    }

    @Test("a limit keeps the latest events, still in ascending order, and says older ones were left out")
    func limitKeepsTheLatest() async throws {
        try await archive.insert((1...5).map { Self.event("e\($0)", sequence: UInt64($0)) })
        let (events, truncated) = try archive.events(ofSubscription: "s1", limit: 2)
        #expect(events.map(\.sequence) == [4, 5])
        #expect(truncated)
        let (all, allTruncated) = try archive.events(ofSubscription: "s1", limit: 5)
        #expect(all.count == 5)
        #expect(!allTruncated)
    }

    @Test("pruning deletes by archive time only, and the archive survives a reopen")
    func pruneAndReopen() async throws {
        #expect(try await archive.prune(archivedBefore: 150) == 0)
        try await archive.insert([
            Self.event("old", sequence: 1, archivedAt: 100), Self.event("new", sequence: 2, archivedAt: 200),
        ])
        #expect(try await archive.prune(archivedBefore: 150) == 1)
        #expect(try await archive.prune(archivedBefore: 150) == 0)
        let reopened = try EventArchiveDatabase(path: path)
        #expect(try reopened.events(ofSubscription: "s1", limit: 10).events.map(\.uuid) == ["new"])
    }

    @Test("pruning deletes the rows in arrival order up to the first recent one: all of them when all are old")
    func pruneDeletesAnArrivalPrefix() async throws {
        try await archive.insert((1...4).map { Self.event("e\($0)", sequence: UInt64($0), archivedAt: Int64($0) * 100) })
        // A clock stepped back: archived after e4, stamped before it.
        try await archive.insert([Self.event("e5", sequence: 5, archivedAt: 150)])
        #expect(try await archive.prune(archivedBefore: 250) == 2)
        #expect(try archive.events(ofSubscription: "s1", limit: 10).events.map(\.uuid) == ["e3", "e4", "e5"])
        #expect(try await archive.prune(archivedBefore: 1_000) == 3)
        #expect(try archive.count() == 0)
        // The ordinals survive: the subscription's next event files under the same one.
        try await archive.insert([Self.event("e6", sequence: 6, archivedAt: 1_100)])
        #expect(try archive.events(ofSubscription: "s1", limit: 10).events.map(\.uuid) == ["e6"])
    }

    @Test("a file that cannot be created is a cannotOpen error naming the path")
    func unopenable() throws {
        #expect {
            _ = try EventArchiveDatabase(path: "/proc/not-a-directory/archive.sqlite")
        } throws: { error in
            (error as? StoreError)?.code == .cannotOpen && "\(error)".contains("/proc/not-a-directory/archive.sqlite")
        }
    }

    @Test("an archive written by the first schema (events keyed by uuid) is moved to rows in arrival order, events and deduplication intact")
    func migratesTheFirstSchema() async throws {
        let path = try await Self.archiveFile(written: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('event-archive-v1');
                CREATE TABLE event (
                    uuid TEXT PRIMARY KEY NOT NULL, subscription_id TEXT NOT NULL, sequence INTEGER NOT NULL,
                    signed_date INTEGER NOT NULL, notification_type TEXT NOT NULL, subtype TEXT NOT NULL,
                    archived_at INTEGER NOT NULL, body BLOB NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX event_by_subscription ON event (subscription_id, sequence);
                CREATE INDEX event_by_archive_time ON event (archived_at);
                INSERT INTO event VALUES ('z', 's1', 1, 10, 'SUBSCRIBED', 'INITIAL_BUY', 5, x'01');
                INSERT INTO event VALUES ('a', 's1', 2, 20, 'DID_RENEW', 'NONE', 6, x'02');
                """)
        let migrated = try EventArchiveDatabase(path: path)
        let (events, _) = try migrated.events(ofSubscription: "s1", limit: 10)
        #expect(events.map(\.uuid) == ["z", "a"])
        #expect(events[0].notificationType == "SUBSCRIBED" && events[0].subtype == "INITIAL_BUY" && events[0].body == Data([1]))
        #expect(try await migrated.insert([Self.event("a", sequence: 2), Self.event("b", sequence: 3)]) == 1)
        let columns = try await DatabaseQueue(path: path).read { try $0.columns(in: "event").map(\.name) }
        let indexes = try await Self.eventIndexes(atPath: path)
        #expect(columns.first == "id")
        // v4: events by their subscription's ordinal and sequence, which keeps republished events
        // out; nothing indexes the archive time.
        #expect(indexes == ["event_by_subscription [\"subscription\", \"sequence\"] true"])
    }

    @Test("mass-extension summaries (no subscription, sequence 0) are each stored once, under a subscription named after their uuid")
    func summariesAreStoredOnceEach() async throws {
        let first = Self.event("summary-1", subscription: "", sequence: 0)
        let second = Self.event("summary-2", subscription: "", sequence: 0)
        #expect(try await archive.insert([first, second, Self.event("a", sequence: 1)]) == 3)
        #expect(try await archive.insert([second, first]) == 0)
        #expect(try archive.count() == 3)
        let summary = try archive.events(ofSubscription: ArchivedEvent.summaryPrefix + "summary-2", limit: 10).events
        #expect(summary.map(\.uuid) == ["summary-2"] && summary[0].sequence == 0)
        #expect(try archive.events(ofSubscription: "", limit: 10).events.isEmpty)
    }

    @Test("an archive of the third schema is moved to the lean indexes: summaries to subscriptions of their own, a duplicate dropped")
    func migratesTheThirdSchema() async throws {
        let path = try await Self.archiveFile(written: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('event-archive-v1'), ('event-archive-v2-rowid'),
                    ('event-archive-v3-subscription-ordinals');
                CREATE TABLE subscription (ordinal INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE);
                INSERT INTO subscription (ordinal, id) VALUES (1, 's1'), (2, '');
                CREATE TABLE event (
                    id INTEGER PRIMARY KEY, uuid TEXT NOT NULL, subscription INTEGER NOT NULL, sequence INTEGER NOT NULL,
                    signed_date INTEGER NOT NULL, notification_type TEXT NOT NULL, subtype TEXT NOT NULL,
                    archived_at INTEGER NOT NULL, body BLOB NOT NULL
                );
                CREATE UNIQUE INDEX event_by_subscription ON event (subscription, sequence, uuid);
                CREATE INDEX event_by_archive_time ON event (archived_at);
                INSERT INTO event VALUES (1, 'e1', 1, 1, 10, 'SUBSCRIBED', 'INITIAL_BUY', 5, x'01');
                INSERT INTO event VALUES (2, 'm1', 2, 0, 20, 'RENEWAL_EXTENSION', 'SUMMARY', 6, x'02');
                INSERT INTO event VALUES (3, 'm2', 2, 0, 30, 'RENEWAL_EXTENSION', 'SUMMARY', 7, x'03');
                INSERT INTO event VALUES (4, 'e1-again', 1, 1, 10, 'SUBSCRIBED', 'INITIAL_BUY', 8, x'04');
                """)
        let migrated = try EventArchiveDatabase(path: path)
        #expect(try migrated.count() == 3)
        #expect(try migrated.events(ofSubscription: "s1", limit: 10).events.map(\.uuid) == ["e1"])
        #expect(try migrated.events(ofSubscription: ArchivedEvent.summaryPrefix + "m2", limit: 10).events.map(\.body) == [Data([3])])
        #expect(try await migrated.insert([Self.event("m1", subscription: "", sequence: 0), Self.event("e2", sequence: 2)]) == 1)
        let subscriptions = try await DatabaseQueue(path: path).read {
            try String.fetchAll($0, sql: "SELECT id FROM subscription ORDER BY ordinal")
        }
        let indexes = try await Self.eventIndexes(atPath: path)
        #expect(subscriptions == ["s1", ArchivedEvent.summaryPrefix + "m1", ArchivedEvent.summaryPrefix + "m2"])
        #expect(indexes == ["event_by_subscription [\"subscription\", \"sequence\"] true"])
    }

    @Test("subscriptions take ordinals in the order their first events arrive, so the timeline index grows at its end")
    func ordinalsFollowArrival() async throws {
        let path = temporaryDatabasePath()
        let archive = try EventArchiveDatabase(path: path)
        // Ids in descending order: by id, every insert would go before all the others.
        let ids = (0..<50).map { String(format: "9%015d", 1_000 - $0) }
        try await archive.insert(ids.map { Self.event("first-\($0)", subscription: $0, sequence: 1) })
        try await archive.insert(ids.map { Self.event("second-\($0)", subscription: $0, sequence: 2) })
        let (ordinals, keys) = try await DatabaseQueue(path: path).read { database in
            (
                try String.fetchAll(database, sql: "SELECT id FROM subscription ORDER BY ordinal"),
                try Int64.fetchAll(database, sql: "SELECT subscription FROM event ORDER BY id")
            )
        }
        #expect(ordinals == ids)
        let firstToLast: [Int64] = Array(1...50)
        #expect(keys == firstToLast + firstToLast)
        let (events, truncated) = try archive.events(ofSubscription: ids[7], limit: 10)
        #expect(events.map(\.uuid) == ["first-\(ids[7])", "second-\(ids[7])"] && !truncated)
        #expect(events.allSatisfy { $0.subscriptionId == ids[7] })
        #expect(try archive.events(ofSubscription: "never-seen", limit: 10).events.isEmpty)
    }

    @Test("a second archive on the same file files a known subscription's events under the ordinal the first gave it, and keeps republished ones out")
    func anotherWriterFindsTheOrdinals() async throws {
        try await archive.insert([Self.event("x1", subscription: "2000000000000000001", sequence: 1)])
        try await archive.insert([Self.event("y1", subscription: "2000000000000000002", sequence: 1)])
        let other = try EventArchiveDatabase(path: path)
        try await other.insert([Self.event("y2", subscription: "2000000000000000002", sequence: 2)])
        try await other.insert([Self.event("y3", subscription: "2000000000000000002", sequence: 3)])
        #expect(try await other.insert([Self.event("y3", subscription: "2000000000000000002", sequence: 3)]) == 0)
        let keys = try await DatabaseQueue(path: path).read { database in
            try Int64.fetchAll(database, sql: "SELECT subscription FROM event ORDER BY id")
        }
        #expect(keys == [1, 2, 2, 2])
        #expect(try other.events(ofSubscription: "2000000000000000002", limit: 10).events.map(\.uuid) == ["y1", "y2", "y3"])
    }
}
