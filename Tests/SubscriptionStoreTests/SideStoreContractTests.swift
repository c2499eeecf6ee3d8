import Foundation
import ServiceTestSupport
import SubscriptionArchive
import SubscriptionNotifier
import SubscriptionStore
import SubscriptionStorePostgres
import Testing

/// The event archive's and the notifier's stores, run against their SQLite files and against the
/// shared PostgreSQL database alike (``StoreBackend``), so the two cannot drift
/// (docs/scale-out.md, "Nothing of the consumer's state on one host").
@Suite("Event archive and notifier stores (SQLite and PostgreSQL)")
struct SideStoreContractTests {
    static func archive(_ backend: StoreBackend) async throws -> any EventArchiveStore {
        switch backend {
        case .sqlite:
            return try EventArchiveDatabase(path: FileManager.default.temporaryDirectory.appending(path: "archive-\(UUID().uuidString).sqlite").path)
        case .postgres:
            return try await PostgresStore.open(url: try await StoreBackend.freshPostgresURL(), logger: StoreBackend.logger).eventArchive()
        }
    }

    static func notifications(_ backend: StoreBackend) async throws -> any NotificationStore {
        switch backend {
        case .sqlite:
            return try NotificationDatabase(
                path: FileManager.default.temporaryDirectory.appending(path: "notifications-\(UUID().uuidString).sqlite").path)
        case .postgres:
            return try await PostgresStore.open(url: try await StoreBackend.freshPostgresURL(), logger: StoreBackend.logger)
                .notificationStore(claim: .seconds(60))
        }
    }

    static func event(_ subscription: String, _ sequence: UInt64, archivedAt: Int64 = 1, uuid: String? = nil) -> ArchivedEvent {
        ArchivedEvent(
            uuid: uuid ?? "\(subscription)-\(sequence)", subscriptionId: subscription, sequence: sequence, signedDate: Int64(sequence) * 10,
            notificationType: "DID_RENEW", subtype: "NONE", archivedAt: archivedAt, body: Data([UInt8(sequence)]))
    }

    static func notification(_ index: Int, subscription: String = "s1") -> StoredNotification {
        StoredNotification(
            uuid: String(format: "00000000-0000-4000-8000-%012d", index), notificationType: "DID_RENEW", subtype: index % 2 == 0 ? nil : "NONE",
            subscriptionId: subscription, signedDate: Int64(index) * 1000, signedPayload: "jws-\(index)")
    }

    @Test("events are stored once each, read back latest first up to a limit in sequence order, summaries under their own key, pruned in arrival order", arguments: StoreBackend.available)
    func archive(backend: StoreBackend) async throws {
        let archive = try await Self.archive(backend)
        #expect(try await archive.insert([Self.event("s1", 1), Self.event("s1", 2), Self.event("s2", 1)]) == 3)
        // A re-published event, and one twice in a batch, are stored once.
        #expect(try await archive.insert([Self.event("s1", 2), Self.event("s1", 3, archivedAt: 5), Self.event("s1", 3, archivedAt: 5)]) == 1)
        let summary = Self.event("", 0, archivedAt: 5, uuid: "summary-1")
        #expect(try await archive.insert([summary]) == 1)
        let (latest, truncated) = try archive.events(ofSubscription: "s1", limit: 2)
        #expect(latest.map(\.sequence) == [2, 3])
        #expect(truncated)
        #expect(latest.last?.body == Data([3]) && latest.last?.archivedAt == 5)
        let all = try archive.events(ofSubscription: "s1", limit: 10)
        #expect(all.events.map(\.sequence) == [1, 2, 3] && !all.truncated)
        #expect(try archive.events(ofSubscription: ArchivedEvent.summaryPrefix + "summary-1", limit: 10).events.map(\.uuid) == ["summary-1"])
        #expect(try archive.count() == 5)
        #expect(try await archive.prune(archivedBefore: 5) == 3)
        #expect(try archive.events(ofSubscription: "s1", limit: 10).events.map(\.sequence) == [3])
        #expect(try archive.count() == 2)
    }

    @Test("notifications are stored once with a delivery per URL; attempts move deliveries along; the history pages and filters as Apple's", arguments: StoreBackend.available)
    func notifications(backend: StoreBackend) async throws {
        let store = try await Self.notifications(backend)
        #expect(try await store.insert([Self.notification(1), Self.notification(2), Self.notification(1)], urls: ["http://a/", "http://b/"], firstAttemptAt: 10) == 2)
        #expect(try await store.insert([Self.notification(2)], urls: ["http://a/"], firstAttemptAt: 10) == 0)
        #expect(try await store.dueDeliveries(at: 9, limit: 10).isEmpty)
        let due = try await store.dueDeliveries(at: 10, limit: 10)
        #expect(due.map { "\($0.notificationUUID.suffix(1))\($0.url)" } == ["1http://a/", "1http://b/", "2http://a/", "2http://b/"])
        #expect(due.allSatisfy { $0.dueAt == 10 && $0.attempts == 0 && $0.firstAttemptAt == nil })
        try await store.recordAttempts(due.map { delivery in
            let success = delivery.url == "http://a/"
            return DeliveryAttempt(
                delivery: delivery, attemptedAt: 10, result: success ? "SUCCESS" : "TIMED_OUT", httpStatus: success ? 200 : nil,
                nextAttemptAt: success ? nil : 3_600_010)
        })
        #expect(try await store.nextDueTime() == 3_600_010)
        let retry = try await store.dueDeliveries(at: 3_600_010, limit: 10)
        #expect(retry.map(\.url) == ["http://b/", "http://b/"] && retry.allSatisfy { $0.attempts == 1 && $0.firstAttemptAt == 10 })
        let entry = try #require(try store.notification(uuid: Self.notification(1).uuid))
        #expect(entry.signedPayload == "jws-1" && entry.attempts.map(\.result) == ["SUCCESS", "TIMED_OUT"])
        #expect(entry.attempts.map(\.httpStatus) == [200, nil])
        #expect(try store.notification(uuid: "nope") == nil)

        for index in 3...25 {
            try await store.insert(Self.notification(index, subscription: index % 2 == 0 ? "s2" : "s1"), urls: ["http://a/"], firstAttemptAt: 0)
        }
        let first = try store.history(NotificationHistoryQuery(startDate: 0, endDate: 100_000, limit: 20))
        #expect(first.items.count == 20 && first.hasMore)
        let last = try #require(first.items.last)
        let second = try store.history(NotificationHistoryQuery(
            startDate: 0, endDate: 100_000, after: HistoryPosition(signedDate: last.signedDate, uuid: last.uuid), limit: 20))
        #expect((first.items + second.items).map(\.signedPayload) == (1...25).map { "jws-\($0)" } && !second.hasMore)
        let s2 = try store.history(NotificationHistoryQuery(startDate: 0, endDate: 100_000, subscriptionIds: ["s2"], limit: 50))
        #expect(s2.items.count == 11 && s2.items.allSatisfy { Int($0.signedPayload.dropFirst(4))! % 2 == 0 })
        #expect(try store.history(NotificationHistoryQuery(startDate: 0, endDate: 100_000, subscriptionIds: [], limit: 50)).items.isEmpty)
        let failures = try store.history(NotificationHistoryQuery(startDate: 0, endDate: 100_000, onlyFailures: true, limit: 50))
        #expect(failures.items.map(\.signedPayload) == (3...25).map { "jws-\($0)" }, "1 and 2 were delivered to one of their URLs")
        let typed = try store.history(NotificationHistoryQuery(startDate: 0, endDate: 100_000, notificationType: "DID_RENEW", subtype: "NONE", limit: 50))
        #expect(typed.items.count == 13, "the odd ones have a subtype")
    }

    @Test("two replicas polling one shared database are never handed the same due delivery; a claim left by a replica that died ends", .requiresPostgres)
    func claims() async throws {
        let url = try await StoreBackend.freshPostgresURL()
        let one = try await PostgresStore.open(url: url, logger: StoreBackend.logger).notificationStore(claim: .seconds(60))
        let two = try await PostgresStore.open(url: url, logger: StoreBackend.logger).notificationStore(claim: .seconds(60))
        try await one.insert((1...40).map { Self.notification($0) }, urls: ["http://a/"], firstAttemptAt: 0)
        async let a = one.dueDeliveries(at: 100, limit: 30)
        async let b = two.dueDeliveries(at: 100, limit: 30)
        let (first, second) = try await (a, b)
        let handed = first.map(\.notificationUUID) + second.map(\.notificationUUID)
        #expect(handed.count == 40 && Set(handed).count == 40, "each due delivery handed out once: \(first.count) + \(second.count)")
        #expect(try await one.dueDeliveries(at: 100, limit: 50).isEmpty, "all claimed")
        #expect(try await two.dueDeliveries(at: 60_100, limit: 50).count == 40, "due again once the claims ended")
        await one.close()
        await two.close()
    }
}
