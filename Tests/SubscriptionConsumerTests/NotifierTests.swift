import Foundation
import ServiceConfiguration
import SubscriptionConsumer
import SubscriptionMessages
import SubscriptionNotifier
import SubscriptionStore
import Testing

/// The notifier's pure parts and its store on a real SQLite file (docs/notifications.md).
@Suite("Notifier: retry schedule, store, history pages")
struct NotifierTests {
    static let hour: Int64 = 3_600_000

    @Test("Apple's retry schedule: 1, 12, 24, 48 and 72 hours after the first attempt, then none")
    func retrySchedule() {
        let first: Int64 = 1_000_000
        let next = (1...6).map { RetrySchedule.apple.nextAttempt(after: $0, firstAttemptAt: first) }
        #expect(next == [first + Self.hour, first + 12 * Self.hour, first + 24 * Self.hour, first + 48 * Self.hour, first + 72 * Self.hour, nil])
    }

    @Test("NOTIFICATION_URLS takes comma-separated http(s) URLs and refuses anything else by name")
    func configuration() throws {
        let configuration = try ConsumerConfiguration(environment: [
            "NOTIFICATION_URLS": "https://a.example/n, http://127.0.0.1:9/x", "NOTIFICATION_TIMEOUT": "3",
            "SIGNING_IDENTITY": "/etc/identity",
        ])
        #expect(configuration.notificationURLs.map(\.absoluteString) == ["https://a.example/n", "http://127.0.0.1:9/x"])
        #expect(configuration.notificationTimeout == .seconds(3))
        #expect(configuration.signingIdentityPath == "/etc/identity")
        let error = #expect(throws: ConfigurationError.self) {
            try ConsumerConfiguration(environment: ["NOTIFICATION_URLS": "ftp://a.example/n"])
        }
        #expect(error?.variable == "NOTIFICATION_URLS")
        #expect(NotifierConfiguration.defaultDatabasePath(besides: "/d/subscriptions.sqlite") == "/d/subscriptions.notifications.sqlite")
    }

    static func database() throws -> NotificationDatabase {
        try NotificationDatabase(path: FileManager.default.temporaryDirectory.appending(path: "notifications-\(UUID().uuidString).sqlite").path)
    }

    static func notification(_ index: Int, subscription: String = "s1", type: String = "DID_RENEW") -> StoredNotification {
        StoredNotification(
            uuid: String(format: "00000000-0000-4000-8000-%012d", index), notificationType: type, subtype: nil,
            subscriptionId: subscription, signedDate: Int64(index) * 1000, signedPayload: "jws-\(index)")
    }

    @Test("the notifications database commits with synchronous = FULL, also when opened again: an acked event's notification survives a power loss")
    func durable() async throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "notifications-\(UUID().uuidString).sqlite").path
        let database = try NotificationDatabase(path: path)
        #expect(try await database.writerSynchronousMode() == 2)
        #expect(try await database.insert(Self.notification(1), urls: ["http://a/"], firstAttemptAt: 10))
        let reopened = try NotificationDatabase(path: path)
        #expect(try await reopened.writerSynchronousMode() == 2)
        #expect(try reopened.notification(uuid: Self.notification(1).uuid) != nil)
    }

    @Test("a redelivered event is stored once; attempts move a delivery along its schedule until it succeeds")
    func deliveries() async throws {
        let database = try Self.database()
        #expect(try await database.insert(Self.notification(1), urls: ["http://a/", "http://b/"], firstAttemptAt: 10))
        #expect(try await !database.insert(Self.notification(1), urls: ["http://a/", "http://b/"], firstAttemptAt: 99))
        let due = try await database.dueDeliveries(at: 10, limit: 10)
        #expect(due.map(\.url) == ["http://a/", "http://b/"])
        #expect(try await database.dueDeliveries(at: 9, limit: 10).isEmpty)
        try await database.recordAttempt(of: due[0], at: 10, result: "UNSUCCESSFUL_HTTP_RESPONSE_CODE", httpStatus: 500, nextAttemptAt: 10 + Self.hour)
        try await database.recordAttempt(of: due[1], at: 10, result: "SUCCESS", httpStatus: 200, nextAttemptAt: nil)
        #expect(try await database.nextDueTime() == 10 + Self.hour)
        let retry = try #require(try await database.dueDeliveries(at: 10 + Self.hour, limit: 10).first)
        #expect(retry.attempts == 1 && retry.firstAttemptAt == 10 && retry.url == "http://a/")
        let entry = try #require(try database.notification(uuid: Self.notification(1).uuid))
        #expect(entry.attempts.map(\.result) == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE", "SUCCESS"])
        #expect(entry.attempts.map(\.httpStatus) == [500, 200])
    }

    @Test("a run of notifications is stored in one transaction: the new ones counted, one already stored or twice in the run once, a delivery per URL each; a round's attempts recorded together")
    func runs() async throws {
        let database = try Self.database()
        #expect(try await database.insert(Self.notification(1), urls: ["http://a/"], firstAttemptAt: 10))
        let run = [Self.notification(1), Self.notification(2), Self.notification(3), Self.notification(2)]
        #expect(try await database.insert(run, urls: ["http://a/", "http://b/"], firstAttemptAt: 20) == 2)
        #expect(try await database.insert([], urls: ["http://a/"], firstAttemptAt: 20) == 0)
        let due = try await database.dueDeliveries(at: 20, limit: 10)
        #expect(due.map { "\($0.notificationUUID.suffix(1))\($0.url)" } == ["1http://a/", "2http://a/", "2http://b/", "3http://a/", "3http://b/"])
        try await database.recordAttempts(due.map { delivery in
            let success = delivery.url == "http://a/"
            return DeliveryAttempt(
                delivery: delivery, attemptedAt: 20, result: success ? "SUCCESS" : "TIMED_OUT", httpStatus: success ? 200 : nil,
                nextAttemptAt: success ? nil : 20 + Self.hour)
        })
        #expect(try await database.dueDeliveries(at: 20 + Self.hour, limit: 10).map(\.url) == ["http://b/", "http://b/"])
        #expect(try database.notification(uuid: Self.notification(2).uuid)?.attempts.map(\.result) == ["SUCCESS", "TIMED_OUT"])
        #expect(try database.notification(uuid: Self.notification(1).uuid)?.attempts.map(\.httpStatus) == [200])
    }

    @Test("history pages of 20 by pagination token, filtered by type, subscription and failures")
    func historyPages() async throws {
        let database = try Self.database()
        for index in 1...45 {
            try await database.insert(
                Self.notification(index, subscription: index % 2 == 0 ? "s2" : "s1", type: index == 7 ? "SUBSCRIBED" : "DID_RENEW"),
                urls: ["http://a/"], firstAttemptAt: 0)
        }
        let delivered = try await database.dueDeliveries(at: 0, limit: 5)
        for delivery in delivered {
            try await database.recordAttempt(of: delivery, at: 0, result: "SUCCESS", httpStatus: 200, nextAttemptAt: nil)
        }
        let queries = NotificationQueries(database: database)
        var request = Subscriptions_V1_GetNotificationHistoryRequest.with {
            $0.startDate = .init(seconds: 0)
            $0.endDate = .init(seconds: 100)
        }
        var payloads: [String] = []
        var pages = 0
        while true {
            let page = try queries.history(request, subscriptionIds: nil).get()
            payloads += page.notificationHistory.map(\.signedPayload)
            pages += 1
            guard page.hasMore_p else { break }
            request.paginationToken = page.paginationToken
        }
        #expect(pages == 3 && payloads == (1...45).map { "jws-\($0)" })
        request.paginationToken = ""
        request.notificationType = .subscribed
        #expect(try queries.history(request, subscriptionIds: nil).get().notificationHistory.map(\.signedPayload) == ["jws-7"])
        request.notificationType = .unspecified
        let s2 = try queries.history(request, subscriptionIds: ["s2"]).get().notificationHistory
        #expect(s2.count == 20 && s2.allSatisfy { Int($0.signedPayload.dropFirst(4))! % 2 == 0 })
        request.onlyFailures = true
        #expect(try queries.history(request, subscriptionIds: nil).get().notificationHistory.count == 20)
        let firstFailure = try queries.history(request, subscriptionIds: nil).get().notificationHistory.first?.signedPayload
        #expect(firstFailure == "jws-6")
        request.paginationToken = "zz"
        #expect(throws: QueryProblem.self) { try queries.history(request, subscriptionIds: nil).get() }
    }

    @Test("a test notification's status carries its attempts; an unknown token is 404, a malformed one 400")
    func testStatus() async throws {
        let database = try Self.database()
        let stored = Self.notification(3, subscription: "", type: "TEST")
        try await database.insert(stored, urls: ["http://a/"], firstAttemptAt: 0)
        let queries = NotificationQueries(database: database)
        let status = try queries.testNotificationStatus(.with { $0.testNotificationToken = "\(stored.uuid)_3000" }).get()
        #expect(status.signedPayload == "jws-3" && status.sendAttempts.isEmpty)
        let unknown = try queries.testNotificationStatus(.with { $0.testNotificationToken = "\(UUID().uuidString)_1" })
        guard case .failure(let missing) = unknown else { Issue.record("expected 404"); return }
        #expect(missing.appleErrorCode == 4040008 && missing.isNotFound)
        guard case .failure(let malformed) = try queries.testNotificationStatus(.with { $0.testNotificationToken = "nope" }) else {
            Issue.record("expected 400"); return
        }
        #expect(malformed.appleErrorCode == 4000020 && !malformed.isNotFound)
        let off = NotificationQueries(database: nil)
        #expect(try off.history(.with { $0.startDate = .init(seconds: 0); $0.endDate = .init(seconds: 1) }, subscriptionIds: nil).get().notificationHistory.isEmpty)
    }
}
