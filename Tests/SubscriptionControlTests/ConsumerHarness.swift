import AMQPClient
import Foundation
import Logging
import ServiceTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `subscriptions-consumer` (built by `swift build`) on a private bus prefix of the test
/// broker (`AMQP_URL`, loopback default), with the manual clock and a fresh SQLite file: what
/// `subscriptionsctl` talks to in these tests.
final class ConsumerHarness: Sendable {
    let amqpURL: String
    let busPrefix: String
    let process: ServiceProcess
    /// Port of the consumer's `/health`, `/metrics` and `/clock`.
    let httpPort: Int

    private init(amqpURL: String, busPrefix: String, process: ServiceProcess, httpPort: Int) {
        self.amqpURL = amqpURL
        self.busPrefix = busPrefix
        self.process = process
        self.httpPort = httpPort
    }

    static var repositoryRoot: URL {
        URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Starts the consumer (with `catalog`, or the example catalog) and waits until its health
    /// endpoint answers 200.
    static func start(catalog: URL? = nil) async throws -> ConsumerHarness {
        let amqpURL = TestBroker.url
        let prefix = "ctl-\(UUID().uuidString.prefix(8).lowercased())"
        let directory = FileManager.default.temporaryDirectory.appending(path: prefix)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let binaries = BuiltProducts.directory
        let port = try FreePort.find()
        let process = try ServiceProcess(
            name: "consumer", executable: binaries.appending(path: "subscriptions-consumer").path,
            environment: [
                "AMQP_URL": amqpURL, "BUS_PREFIX": prefix, "HTTP_HOST": "127.0.0.1", "HTTP_PORT": String(port),
                "CLOCK": "manual", "DATABASE_PATH": directory.appending(path: "subscriptions.sqlite").path,
                "CATALOG_PATH": (catalog ?? repositoryRoot.appending(path: "Config/catalog.example.json")).path, "LOG_LEVEL": "info",
            ],
            logPath: directory.appending(path: "consumer.log").path
        )
        let harness = ConsumerHarness(amqpURL: amqpURL, busPrefix: prefix, process: process, httpPort: port)
        guard let health = URL(string: "http://127.0.0.1:\(port)/health") else { throw HarnessError("no health URL for port \(port)") }
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            if let (_, response) = try? await URLSession.shared.data(from: health), (response as? HTTPURLResponse)?.statusCode == 200 {
                return harness
            }
            guard ContinuousClock.now < deadline else {
                await process.terminate()
                throw HarnessError("consumer not healthy within 60 s:\n\(process.logTail())")
            }
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    /// `subscriptionsctl` arguments with this harness's broker and bus appended.
    func arguments(_ arguments: String...) -> [String] {
        arguments + ["--amqp-url", amqpURL, "--bus-prefix", busPrefix]
    }

    /// A new connection to the broker.
    func connect() async throws -> AMQPConnection {
        var logger = Logger(label: "ctl-tests")
        logger.logLevel = .critical
        let connection = AMQPConnection(configuration: try AMQPConfiguration(url: amqpURL), logger: logger)
        try await connection.connect()
        return connection
    }

    /// Starts a consumer, runs `body`, and stops the consumer whatever `body` did.
    static func with(_ body: (ConsumerHarness) async throws -> Void) async throws {
        let harness = try await start()
        do {
            try await body(harness)
        } catch {
            await harness.stop()
            throw error
        }
        await harness.stop()
    }

    func stop() async {
        await process.terminate()
    }
}
