import Foundation
import GRDB
import SubscriptionStore
import Testing

@Suite("Event archive database")
struct EventArchiveDatabaseTests {
    let archive: EventArchiveDatabase
    let path = temporaryDatabasePath()

    init() throws {
        archive = try EventArchiveDatabase(path: path)
    }

    static func event(_ uuid: String, subscription: String = "s1", sequence: UInt64, archivedAt: Int64 = 1_000) -> ArchivedEvent {
        ArchivedEvent(
            uuid: uuid, subscriptionId: subscription, sequence: sequence, signedDate: Int64(sequence) * 10,
            notificationType: "DID_RENEW", subtype: "NONE", archivedAt: archivedAt, body: Data("body-\(uuid)".utf8))
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
        try await archive.insert([
            Self.event("old", sequence: 1, archivedAt: 100), Self.event("new", sequence: 2, archivedAt: 200),
        ])
        #expect(try await archive.prune(archivedBefore: 150) == 1)
        let reopened = try EventArchiveDatabase(path: path)
        #expect(try reopened.events(ofSubscription: "s1", limit: 10).events.map(\.uuid) == ["new"])
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
        let path = temporaryDatabasePath()
        try FileManager.default.createDirectory(
            at: URL(filePath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try await DatabaseQueue(path: path).write { database in
            try database.execute(sql: """
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
        }
        let migrated = try EventArchiveDatabase(path: path)
        let (events, _) = try migrated.events(ofSubscription: "s1", limit: 10)
        #expect(events.map(\.uuid) == ["z", "a"])
        #expect(events[0].notificationType == "SUBSCRIBED" && events[0].subtype == "INITIAL_BUY" && events[0].body == Data([1]))
        #expect(try await migrated.insert([Self.event("a", sequence: 2), Self.event("b", sequence: 3)]) == 1)
        let (columns, indexes) = try await DatabaseQueue(path: path).read {
            (try $0.columns(in: "event").map(\.name), try $0.indexes(on: "event").map { "\($0.name) \($0.columns) \($0.isUnique)" }.sorted())
        }
        #expect(columns.first == "id")
        // v3: events by their subscription's ordinal; the same index keeps republished events out.
        #expect(indexes == ["event_by_archive_time [\"archived_at\"] false", "event_by_subscription [\"subscription\", \"sequence\", \"uuid\"] true"])
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
}
