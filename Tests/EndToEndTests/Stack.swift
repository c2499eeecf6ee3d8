import AMQPClient
import Foundation
import Logging
import ServiceTestSupport
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The system under test: the real `subscriptions-consumer` and `subscriptions-producer`
/// processes (built by `swift build`) on a private bus prefix of the test broker, with the
/// manual test clock and a fresh SQLite file. With `E2E_EXTERNAL_SERVICES=1` the services
/// are already running (the compose `e2e` service) at `E2E_PRODUCER_URL` / `E2E_AMQP_URL`.
final class Stack: Sendable {
    let amqpURL: String
    let busPrefix: String
    let producerURL: URL
    let consumerHealthURL: URL?
    let databasePath: String
    let producer: ServiceProcess?
    /// The signing identity and the operator key the stack's producer trusts.
    let credentials: StackCredentials
    /// Unique per stack: appended to customer ids and idempotency keys, so runs against a
    /// long-lived external stack (compose) never collide with earlier runs.
    let runId = String(UUID().uuidString.prefix(8)).lowercased()
    /// Whether the services were started elsewhere (`E2E_EXTERNAL_SERVICES=1`).
    var isExternal: Bool { consumerLaunch == nil }
    private let consumerProcess: Mutex<ServiceProcess?>
    private let consumerStarts = Mutex(0)
    private let consumerLaunch: ConsumerLaunch?

    /// How the consumer was started, to start it again on the same database.
    struct ConsumerLaunch: Sendable {
        var executable: String
        var environment: [String: String]
        var logPath: String
        /// Variables of the test's environment the consumer does not get.
        var unsetting: Set<String> = []
        var workingDirectory: String?
    }

    /// The running consumer process, if this stack started one.
    var consumer: ServiceProcess? { consumerProcess.withLock { $0 } }

    static var repositoryRoot: URL {
        URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var logger: Logger {
        var logger = Logger(label: "e2e")
        logger.logLevel = .warning
        return logger
    }

    private init(
        amqpURL: String, busPrefix: String, producerURL: URL, consumerHealthURL: URL?, databasePath: String,
        consumer: ServiceProcess?, producer: ServiceProcess?, credentials: StackCredentials,
        consumerLaunch: ConsumerLaunch? = nil
    ) {
        self.amqpURL = amqpURL
        self.busPrefix = busPrefix
        self.producerURL = producerURL
        self.consumerHealthURL = consumerHealthURL
        self.databasePath = databasePath
        self.consumerProcess = Mutex(consumer)
        self.producer = producer
        self.credentials = credentials
        self.consumerLaunch = consumerLaunch
    }

    /// A fresh bus prefix, as `start` picks when given none.
    static func freshBusPrefix() -> String { "e2e-\(UUID().uuidString.prefix(8).lowercased())" }

    /// Starts both services (or finds the external ones) and waits until both are healthy.
    /// `busPrefix` names the bus (default: `E2E_BUS_PREFIX`, else a fresh one);
    /// `consumerEnvironment` adds to or overrides the consumer's environment, a `nil` value
    /// unsets the variable, `producerEnvironment` adds to or overrides the producer's; the
    /// consumer runs in `consumerWorkingDirectory` if given.
    /// `amqpURL` overrides the test broker (a private node); `waitForHealth: false` returns
    /// at once (a test whose broker is not running yet).
    static func start(
        withProducer: Bool = true, busPrefix: String? = nil, consumerEnvironment: [String: String?] = [:],
        producerEnvironment: [String: String] = [:],
        consumerWorkingDirectory: String? = nil, amqpURL: String? = nil, waitForHealth: Bool = true,
        name: String = #function
    ) async throws -> Stack {
        let environment = ProcessInfo.processInfo.environment
        if environment["E2E_EXTERNAL_SERVICES"] == "1" {
            let stack = Stack(
                amqpURL: environment["E2E_AMQP_URL"] ?? "amqp://guest:guest@127.0.0.1:5672/",
                busPrefix: environment["E2E_BUS_PREFIX"] ?? "subscriptions",
                producerURL: URL(string: environment["E2E_PRODUCER_URL"] ?? "http://127.0.0.1:8080")!,  // a literal: valid
                consumerHealthURL: nil, databasePath: "", consumer: nil, producer: nil,
                credentials: try StackCredentials.external(environment)
            )
            try await stack.waitUntilHealthy()
            return stack
        }
        let amqpURL = amqpURL ?? environment["AMQP_URL"] ?? "amqp://guest:guest@127.0.0.1:5672/"
        // E2E_BUS_PREFIX=subscriptions publishes on the production names, for the analytics check.
        let run = busPrefix ?? environment["E2E_BUS_PREFIX"] ?? freshBusPrefix()
        // Always a fresh directory (and so a fresh database), whatever the bus prefix.
        let directory = FileManager.default.temporaryDirectory.appending(path: "subscriptions-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let binaries = BuiltProducts.directory
        let credentials = try StackCredentials.make(in: directory)
        let common = [
            "AMQP_URL": amqpURL, "BUS_PREFIX": run, "HTTP_HOST": "127.0.0.1", "LOG_LEVEL": "debug",
            "SIGNING_IDENTITY": credentials.identityPath ?? "",
        ]
        let databasePath = directory.appending(path: "subscriptions.sqlite").path
        // Only the ports change between attempts (see the retry below).
        for attempt in 1...3 {
            let consumerPort = try FreePort.find()
            let launch = ConsumerLaunch(
                executable: binaries.appending(path: "subscriptions-consumer").path,
                environment: common.merging([
                    "HTTP_PORT": String(consumerPort), "CLOCK": "manual", "DATABASE_PATH": databasePath,
                    "CATALOG_PATH": repositoryRoot.appending(path: "Config/catalog.example.json").path,
                ]) { _, new in new }.merging(consumerEnvironment.compactMapValues { $0 }) { _, new in new }
                    .filter { consumerEnvironment[$0.key] != .some(nil) },
                logPath: directory.appending(path: "consumer.log").path,
                unsetting: Set(consumerEnvironment.filter { $0.value == nil }.keys),
                workingDirectory: consumerWorkingDirectory
            )
            let consumer = try ServiceProcess(
                name: "consumer", executable: launch.executable, environment: launch.environment, logPath: launch.logPath,
                unsetting: launch.unsetting, workingDirectory: launch.workingDirectory
            )
            var producer: ServiceProcess?
            let producerPort = try FreePort.find()
            if withProducer {
                producer = try ServiceProcess(
                    name: "producer", executable: binaries.appending(path: "subscriptions-producer").path,
                    environment: common.merging(["HTTP_PORT": String(producerPort), "AUTH_KEYS": credentials.keysPath ?? ""]) {
                        _, new in new
                    }.merging(producerEnvironment) { _, new in new },
                    logPath: directory.appending(path: "producer.log").path
                )
            }
            let stack = Stack(
                amqpURL: amqpURL, busPrefix: run,
                producerURL: URL(string: "http://127.0.0.1:\(producerPort)")!,  // built from an integer port: valid
                consumerHealthURL: URL(string: "http://127.0.0.1:\(consumerPort)/health"),
                databasePath: databasePath, consumer: consumer, producer: producer, credentials: credentials,
                consumerLaunch: launch
            )
            guard waitForHealth else { return stack }
            do {
                try await stack.waitUntilHealthy()
                return stack
            } catch {
                await stack.stop()
                let logs = "--- consumer log ---\n\(consumer.logTail())\n--- producer log ---\n\(producer?.logTail() ?? "")"
                // Something else held a drawn port at the service's own bind (EADDRINUSE at start).
                // The cause seen in this repository, a child of another suite inheriting
                // FreePort's probe socket, is gone (ChildProcess, FreePort); another program on
                // the machine can still hold one: start both again on fresh ports.
                if attempt < 3, logs.contains("Address already in use") { continue }
                throw E2EError("\(error)\n\(logs)")
            }
        }
        throw E2EError("unreachable: every attempt returns or throws")
    }

    /// Stops both processes with SIGTERM (graceful) and returns their exit statuses.
    @discardableResult
    func stop() async -> (consumer: Int32?, producer: Int32?) {
        let producerStatus = await producer?.terminate()
        let consumerStatus = await consumer?.terminate()
        return (consumerStatus, producerStatus)
    }

    /// Kills the consumer (SIGKILL, a crash) or stops it (SIGTERM), then starts it again on
    /// the same database and bus, and waits until it is healthy.
    func restartConsumer(crash: Bool) async throws {
        try await stopConsumer(crash: crash)
        try await startConsumer()
    }

    /// Kills the consumer (SIGKILL, a crash) or stops it (SIGTERM), and leaves it stopped.
    func stopConsumer(crash: Bool) async throws {
        guard consumerLaunch != nil, let old = consumer else { throw E2EError("this stack did not start the consumer") }
        if crash { await old.crash() } else { await old.terminate() }
    }

    /// Starts the consumer again on the same database and bus (a stopped one, or a second
    /// process beside a running one), and waits until it is healthy unless `waitForHealth` is false.
    func startConsumer(waitForHealth: Bool = true) async throws {
        guard let launch = consumerLaunch else { throw E2EError("this stack did not start the consumer") }
        let restarts = consumerStarts.withLock { count in
            count += 1
            return count
        }
        let log = launch.logPath + ".restarted" + (restarts > 1 ? "-\(restarts)" : "")
        let new = try ServiceProcess(
            name: "consumer", executable: launch.executable, environment: launch.environment, logPath: log,
            unsetting: launch.unsetting, workingDirectory: launch.workingDirectory)
        consumerProcess.withLock { $0 = new }
        if waitForHealth { try await waitUntilHealthy() }
    }

    /// Starts another consumer process on the same store and bus (a replica; with
    /// `DATABASE_URL` they share the PostgreSQL database), on a `/health` port of its own, and
    /// waits until it is healthy. The caller stops it; returns it with its `/health` URL.
    func startReplica(_ index: Int) async throws -> (process: ServiceProcess, healthURL: URL) {
        guard let launch = consumerLaunch else { throw E2EError("this stack did not start the consumer") }
        let port = try FreePort.find()
        var environment = launch.environment
        environment["HTTP_PORT"] = String(port)
        let process = try ServiceProcess(
            name: "consumer-\(index)", executable: launch.executable, environment: environment,
            logPath: launch.logPath + ".replica-\(index)", unsetting: launch.unsetting, workingDirectory: launch.workingDirectory)
        let health = URL(string: "http://127.0.0.1:\(port)/health")!  // built from an integer port: valid
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            if let (_, response) = try? await URLSession.shared.data(from: health),
               (response as? HTTPURLResponse)?.statusCode == 200 { break }
            guard ContinuousClock.now < deadline else {
                await process.terminate()
                throw E2EError("replica \(index) did not become healthy\n\(process.logTail())")
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        return (process, health)
    }

    /// Waits until `/health` of both services answers 200; fails at once when a service the
    /// stack started has exited instead.
    func waitUntilHealthy(timeout: Duration = .seconds(60)) async throws {
        var urls: [(URL, ServiceProcess?)] = [(producerURL.appending(path: "health"), producer)]
        if let consumerHealthURL { urls.append((consumerHealthURL, consumer)) }
        if producer == nil, consumer != nil { urls.removeFirst() }
        let deadline = ContinuousClock.now + timeout
        for (url, process) in urls {
            while true {
                if let (_, response) = try? await URLSession.shared.data(from: url),
                   (response as? HTTPURLResponse)?.statusCode == 200 { break }
                if let process, process.hasExited { throw E2EError("\(process.name) exited before \(url) answered") }
                guard ContinuousClock.now < deadline else { throw E2EError("\(url) did not become healthy within \(timeout)") }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    /// `name` made unique to this stack.
    func unique(_ name: String) -> String { "\(name)-\(runId)" }

    /// A new connection to the stack's broker.
    func connect(name: String = "e2e") async throws -> AMQPConnection {
        try await Self.connect(amqpURL: amqpURL, name: name)
    }

    /// A new connection to the test broker (`AMQP_URL`), before any stack runs.
    static func connectToTestBroker(name: String = "e2e") async throws -> AMQPConnection {
        let environment = ProcessInfo.processInfo.environment
        return try await connect(amqpURL: environment["AMQP_URL"] ?? "amqp://guest:guest@127.0.0.1:5672/", name: name)
    }

    /// A new connection to `amqpURL` (one URL or several, comma-separated).
    static func connect(amqpURL: String, name: String) async throws -> AMQPConnection {
        var configuration = try AMQPConfiguration(url: amqpURL)
        configuration.connectionName = name
        let connection = AMQPConnection(configuration: configuration, logger: Self.logger)
        try await connection.connect()
        return connection
    }
}
