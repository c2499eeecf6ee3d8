import Foundation
import ServiceTestSupport
import SubscriptionStore
import SubscriptionStorePostgres
import Testing

/// The real consumer and producer processes with the consumer's state in PostgreSQL
/// (`DATABASE_URL`, a fresh database on the server of `TEST_DATABASE_URL`; docs/scale-out.md).
@Suite("PostgreSQL store end to end (real processes)", .serialized, .requiresBroker, .requiresPostgres)
struct PostgresEndToEndTests {
    @Test("the consumer on PostgreSQL applies purchases, answers a repeated one from its record, fires each renewal once on the manual clock, and keeps everything across a crash")
    func purchasesAndRenewals() async throws {
        let url = try await PostgresStore.createDatabase(
            named: TestPostgres.databaseName("e2e"), onServerOf: TestPostgres.url, logger: Stack.logger)
        let stack = try await Stack.start(consumerEnvironment: ["DATABASE_URL": url])
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let connection = try await stack.connect()
        let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")

        var purchased: [String] = []
        for customer in ["ann", "bob", "cid"] {
            let purchase = try await http.post(
                "v1/purchases", ["customerId": stack.unique(customer), "productId": E2ECatalog.monthly, "storefront": "USA"],
                headers: ["Idempotency-Key": stack.unique("purchase-\(customer)")])
            #expect(purchase.status == 200, "\(purchase)")
            purchased.append(try #require(purchase.json["originalTransactionId"] as? String))
        }
        let subscriptions = purchased
        // The same command again (its idempotency key): answered from the processed-command record.
        let again = try await http.post(
            "v1/purchases", ["customerId": stack.unique("ann"), "productId": E2ECatalog.monthly, "storefront": "USA"],
            headers: ["Idempotency-Key": stack.unique("purchase-ann")])
        #expect(again.status == 200, "\(again)")
        #expect(again.json["originalTransactionId"] as? String == subscriptions[0])

        let month = try await http.post("v1/testClock/advance", ["advanceBy": "P1M"])
        #expect(month.status == 200, "\(month)")
        #expect(month.json["transitionsFired"] as? Int == 3, "one renewal per subscription: \(month)")

        try await events.waitUntil("an initial buy and a renewal per subscription") { received in
            subscriptions.allSatisfy { id in received.filter { $0.subscriptionID == id }.count >= 2 }
        }
        for id in subscriptions {
            let seen = events.events(of: id)
            #expect(seen.map(\.routingKey) == ["SUBSCRIBED.INITIAL_BUY", "DID_RENEW.NONE"], "\(id)")
            #expect(seen.map(\.sequence) == [1, 2], "gap-free sequence of \(id)")
        }

        // The state is in PostgreSQL, not in a SQLite file.
        #expect(!FileManager.default.fileExists(atPath: stack.databasePath), "no SQLite store beside DATABASE_URL")
        let store = try await PostgresStore.open(url: url, logger: Stack.logger)
        let (stored, processed, clock) = try await store.read { transaction in
            (
                try subscriptions.map { try transaction.subscription($0) != nil },
                try transaction.processedCommandCount(),
                try transaction.setting("test-clock.now-ms")
            )
        }
        #expect(stored == [true, true, true])
        #expect(processed == 4, "three purchases and one advance, the repeated purchase not again")
        #expect(clock != nil, "the manual clock lives in the database")

        // A crash and a restart on the same database: the state and the clock are still there.
        try await stack.restartConsumer(crash: true)
        let status = try await http.send("GET", "inApps/v1/subscriptions/\(subscriptions[1])")
        #expect(status.status == 200, "\(status)")
        let next = try await http.post("v1/testClock/advance", ["advanceBy": "P1M"])
        #expect(next.json["previousNow"] as? Int == month.json["now"] as? Int, "the clock continued where it was: \(next)")
        #expect(next.json["transitionsFired"] as? Int == 3, "\(next)")
        // After a SIGKILL an event may come twice (republished from the outbox), with its message id.
        try await events.waitUntil("a second renewal per subscription") { received in
            subscriptions.allSatisfy { id in Set(received.filter { $0.subscriptionID == id }.map(\.notificationUuid)).count >= 3 }
        }
        for id in subscriptions {
            var bySequence: [UInt64: Set<String>] = [:]
            for event in events.events(of: id) { bySequence[event.sequence, default: []].insert(event.notificationUuid) }
            #expect(bySequence.keys.sorted() == [1, 2, 3], "gap-free sequence of \(id) across the crash")
            #expect(bySequence.values.allSatisfy { $0.count == 1 }, "a duplicate carries the same message id")
        }
        await store.close()
        await events.stop()
        await connection.close()
        await stack.stop()
    }
}
