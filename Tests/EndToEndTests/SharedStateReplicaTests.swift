import Foundation
import ServiceTestSupport
import SubscriptionStorePostgres
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Nothing of the consumer's state on one host (docs/scale-out.md): with `DATABASE_URL` the event
/// archive and the notifier keep their state in PostgreSQL, so replicas on hosts that share no
/// directory answer the console's timeline and Get Notification History alike.
@Suite("Replicas that share no directory answer alike (PostgreSQL, real processes)", .serialized, .requiresBroker, .requiresPostgres)
struct SharedStateReplicaTests {
    @Test("two replicas with directories of their own take the commands; then each alone, and a third started on an empty directory, answer the same timelines and notification history")
    func answersAlike() async throws {
        let url = try await PostgresStore.createDatabase(
            named: TestPostgres.databaseName("shared_state"), onServerOf: TestPostgres.url, logger: Stack.logger)
        func directory(_ name: String) throws -> String {
            let path = FileManager.default.temporaryDirectory.appending(path: "subscriptions-\(name)-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            return path.appending(path: "subscriptions.sqlite").path
        }
        // Nobody listens on the notification URL: each notification gets one failed attempt (the
        // next one is an hour later on the manual clock), which the history shows.
        let receiver = try FreePort.find()
        let stack = try await Stack.start(consumerEnvironment: [
            "DATABASE_URL": url, "DATABASE_PATH": try directory("host-a"),
            "NOTIFICATION_URLS": "http://127.0.0.1:\(receiver)/notifications", "NOTIFICATION_TIMEOUT": "2",
        ])
        var others: [ServiceProcess] = []
        do {
            let second = try await stack.startReplica(2, environment: ["DATABASE_PATH": try directory("host-b")])
            others.append(second.process)
            let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
            let ids = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        let purchase = try await http.post(
                            "v1/purchases", ["customerId": stack.unique("shared-\(index)"), "productId": E2ECatalog.monthly, "storefront": "USA"])
                        let id = try #require(purchase.json["originalTransactionId"] as? String, "\(purchase)")
                        let off = try await http.post("v1/subscriptions/autoRenew", ["originalTransactionId": id, "autoRenewStatus": 0])
                        #expect(off.status == 200, "\(off)")
                        return id
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }.sorted()
            let both = try await Self.answers(ids, http: http, until: { $0.isSettled(subscriptions: ids.count) })
            #expect(both.isSettled(subscriptions: ids.count), "two events per subscription archived, each notification attempted: \(both)")

            #expect(await second.process.terminate() == 0)
            let firstAlone = try await Self.answers(ids, http: http)
            let third = try await stack.startReplica(3, environment: ["DATABASE_PATH": try directory("host-c")])
            others.append(third.process)
            try await stack.stopConsumer(crash: false)
            let thirdAlone = try await Self.answers(ids, http: http)
            #expect(firstAlone == both, "the first replica alone")
            #expect(thirdAlone == both, "a replica on a host that never took a command")
            #expect(await third.process.terminate() == 0)
        } catch {
            for process in others { await process.terminate() }
            await stack.stop()
            throw error
        }
        await stack.stop()
    }

    /// What the console and Apple's API show: each subscription's archived events, and the
    /// notification history with its attempts.
    struct Answers: Equatable, CustomStringConvertible {
        var timelines: [[String]] = []
        var notifications: [String] = []

        func isSettled(subscriptions: Int) -> Bool {
            timelines.count == subscriptions && timelines.allSatisfy { $0.count == 2 }
                && notifications.count == 2 * subscriptions && notifications.allSatisfy { !$0.hasSuffix("attempts ") }
        }

        var description: String { "timelines \(timelines.map(\.count)), notifications \(notifications.count): \(notifications.prefix(2))" }
    }

    /// The answers now, or once `until` holds (waiting up to 30 s).
    static func answers(_ ids: [String], http: ProducerClient, until: (Answers) -> Bool = { _ in true }) async throws -> Answers {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            var answers = Answers()
            for id in ids {
                let history = try await http.send("GET", "v1/subscriptions/\(id)/history")
                #expect(history.status == 200, "\(history)")
                #expect(history.json["archiveEnabled"] as? Bool == true)
                let events = ((history.json["subscriptions"] as? [[String: Any]])?.first?["events"] as? [[String: Any]]) ?? []
                answers.timelines.append(events.map { "\($0["sequence"] ?? "") \($0["notificationType"] ?? "") \($0["notificationUUID"] ?? "")" })
            }
            var token: String?
            repeat {
                let page = try await http.post(
                    "inApps/v1/notifications/history" + (token.map { "?paginationToken=\($0)" } ?? ""),
                    ["startDate": 0, "endDate": 4_000_000_000_000])
                #expect(page.status == 200, "\(page)")
                for item in page.json["notificationHistory"] as? [[String: Any]] ?? [] {
                    let attempts = (item["sendAttempts"] as? [[String: Any]] ?? []).map { "\($0["sendAttemptResult"] ?? "")" }
                    answers.notifications.append("\(item["signedPayload"] ?? "") attempts \(attempts.joined(separator: ","))")
                }
                token = page.json["hasMore"] as? Bool == true ? page.json["paginationToken"] as? String : nil
            } while token != nil
            if until(answers) || ContinuousClock.now > deadline { return answers }
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}
