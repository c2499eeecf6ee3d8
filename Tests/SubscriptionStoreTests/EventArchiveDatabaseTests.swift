import Foundation
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
}
