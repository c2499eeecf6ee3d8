import Dispatch
import Foundation
import ServiceTestSupport
import SubscriptionStore
import SubscriptionStorePostgres
import Testing

/// What only the PostgreSQL store has: versioned migrations on a server, several stores (replicas)
/// on one database, reconnection. The shared behaviour is in ``StoreContractTests``.
@Suite("PostgreSQL store", .requiresPostgres)
struct PostgresStoreTests {
    @Test("migrations are recorded once: a second store on the database (a restart, another replica) applies none and sees the data")
    func migrationsAndRestart() async throws {
        let url = try await StoreBackend.freshPostgresURL()
        let first = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        try await first.write { transaction in
            try transaction.setSetting("clock", to: "1700000000000")
            try transaction.putSubscription(Data("kept".utf8), id: "k", customerId: "c", groupId: "g", productId: "p", dueAt: nil)
        }
        await first.close()
        let second = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        #expect(try await second.appliedMigrations() == ["pg1"])
        let (clock, body) = try await second.read { (try $0.setting("clock"), try $0.subscription("k")) }
        #expect(clock == "1700000000000")
        #expect(body == Data("kept".utf8))
        #expect(await second.ping())
    }

    @Test("replicas starting together migrate once (the advisory lock), then both work on the same rows")
    func concurrentStarts() async throws {
        let url = try await StoreBackend.freshPostgresURL()
        async let a = PostgresStore.open(url: url, logger: StoreBackend.logger)
        async let b = PostgresStore.open(url: url, logger: StoreBackend.logger)
        let (one, two) = try await (a, b)
        #expect(try await one.appliedMigrations() == ["pg1"])
        try await one.write { try $0.recordProcessed(commandId: "c1", method: "Purchase", reply: Data([1]), at: Date()) }
        #expect(try await two.read { try $0.processedReply(commandId: "c1") } == Data([1]))
    }

    @Test("a command id recorded by one replica is refused to another: the unique key holds across stores")
    func processedCommandAcrossReplicas() async throws {
        let url = try await StoreBackend.freshPostgresURL()
        let one = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        let two = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        try await one.write { try $0.recordProcessed(commandId: "c1", method: "Purchase", reply: Data([1]), at: Date()) }
        await #expect(throws: (any Error).self) {
            try await two.write { try $0.recordProcessed(commandId: "c1", method: "Purchase", reply: Data([2]), at: Date()) }
        }
        #expect(try await two.read { try $0.processedReply(commandId: "c1") } == Data([1]))
        #expect(try await two.read { try $0.processedCommandCount() } == 1)
    }

    @Test(
        "commands on one test clock run side by side on two replicas (the clock is read FOR SHARE); an advance's read (testClockToChange) waits until they commit and sees what they wrote"
    )
    func testClockSharedByCommands() async throws {
        let url = try await StoreBackend.freshPostgresURL()
        let one = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        let two = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        let three = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        try await one.write { try $0.putTestClock(StoredTestClock(id: "clock_a", name: "a", now: 1, createdAt: 1)) }
        let holding = Locked(false), finished = Locked(false), advanced = Locked(false)
        let release = DispatchSemaphore(value: 0)
        // Replica one: a command on the clock that holds its transaction open.
        async let first: Void = one.write { transaction in
            _ = try transaction.testClock("clock_a")
            try transaction.setSetting("written-by-one", to: "yes")
            holding.withLock { $0 = true }
            _ = release.wait(timeout: .now() + 20)  // the store's own queue, never the cooperative pool
            finished.withLock { $0 = true }
        }
        while !holding.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
        // Replica two: another command on the clock gets through while one holds it.
        let seen = try await two.write { try $0.testClock("clock_a")?.now }
        #expect(seen == 1)
        #expect(!finished.withLock { $0 }, "two read the clock while one held it (not after one gave up waiting)")
        // Replica three: an advance waits for one.
        async let third = three.write { transaction -> String? in
            _ = try transaction.testClockToChange("clock_a")
            advanced.withLock { $0 = true }
            return try transaction.setting("written-by-one")
        }
        try await Task.sleep(for: .milliseconds(500))
        #expect(!advanced.withLock { $0 }, "the advance did not wait for the command holding the clock")
        release.signal()
        try await first
        #expect(try await third == "yes", "the advance sees what the command committed")
        for store in [one, two, three] { await store.close() }
    }

    @Test("a connection the server ends (a restart, a failover) is an outage at worst, and the next transaction reconnects and commits")
    func reconnects() async throws {
        let url = try await StoreBackend.freshPostgresURL()
        let store = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        try await store.write { try $0.setSetting("before", to: "1") }
        #expect(try await store.read { try $0.setting("before") } == "1")
        let admin = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        let ended = try await admin.writePostgres { transaction in
            try transaction.execute("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                """).count
        }
        #expect(ended == 2, "the store's writer and reader connections")
        // pg_terminate_backend only signals: wait until the backends are gone.
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let others = try await admin.writePostgres { transaction in
                try transaction.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()").count
            }
            if others == 0 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        do {
            try await store.write { try $0.setSetting("during", to: "2") }
        } catch {
            // The first statement on a dead connection fails; a lost connection is an outage.
            #expect(store.isOutage(error), "\(String(reflecting: error))")
        }
        try await store.write { try $0.setSetting("after", to: "3") }
        #expect(try await store.read { try $0.setting("after") } == "3")
        #expect(await store.ping())
        await admin.close()
        await store.close()
    }

    @Test("a server that cannot be reached is an outage (the consumer waits), and opening fails with cannotOpen naming the server")
    func unreachable() async throws {
        let url = "postgres://nobody:secret@127.0.0.1:1/none"
        do {
            _ = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
            Issue.record("opened a store on a closed port")
        } catch {
            #expect(error.code == .cannotOpen)
            #expect(error.message.contains("127.0.0.1:1/none"))
            #expect(!error.message.contains("secret"))
        }
    }
}

/// `DATABASE_URL` parsing (no server needed).
@Suite("PostgreSQL store configuration")
struct PostgresStoreConfigurationTests {
    @Test("a full URL gives host, port, user, password, database and sslmode")
    func parses() throws {
        let configuration = try PostgresStoreConfiguration(url: "postgresql://app:p%40ss@db.internal:6432/subs?sslmode=require")
        #expect(configuration.host == "db.internal")
        #expect(configuration.port == 6432)
        #expect(configuration.username == "app")
        #expect(configuration.password == "p@ss")
        #expect(configuration.database == "subs")
        #expect(configuration.tls.mode == .require)
        #expect(configuration.summary == "db.internal:6432/subs")
        let defaults = try PostgresStoreConfiguration(url: "postgres://app@db/subs")
        #expect(defaults.port == 5432)
        #expect(defaults.password == nil)
        #expect(defaults.tls.mode == .disable)
    }

    @Test("a malformed URL is an invalidLocation error saying what is missing, never the password", arguments: [
        ("mysql://u:secret@h/d", "expected postgres://"),
        ("postgres://u:secret@/d", "no host"),
        ("postgres://h/d", "no user"),
        ("postgres://u:secret@h", "names no database"),
        ("postgres://u:secret@h/d?sslmode=maybe", "sslmode must be"),
        ("postgres://u:secret@h/d?timeout=3", "unknown database URL parameter"),
    ])
    func refuses(url: String, reason: String) {
        do {
            _ = try PostgresStoreConfiguration(url: url)
            Issue.record("accepted \(url)")
        } catch {
            #expect(error.code == .invalidLocation)
            #expect(error.message.contains(reason), "\(error.message)")
            #expect(!error.message.contains("secret"), "\(error.message)")
        }
    }
}
