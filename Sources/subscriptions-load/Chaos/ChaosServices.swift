import Foundation
import Synchronization

/// The system under test as the chaos run drives it: the consumer and producer processes
/// (started again after each kill, as a supervisor would), the private broker node or cluster
/// (a node stopped and started by scripts/rabbitmq-local.sh) and the consumer's database
/// directory (a small tmpfs the script mounted, filled up and freed).
final class ChaosServices: Sendable {
    struct Layout: Sendable {
        var binDirectory: String
        var workDirectory: String
        var dataDirectory: String
        var catalogPath: String
        var brokerScript: String
        var brokerName: String
        var brokerPort: Int
        /// 1: the node `brokerName`; more: a cluster, nodes `brokerName-1`… on `brokerPort`…,
        /// whose URLs the services get, node 1 first (docs/broker-cluster.md).
        var brokerNodes: Int
        var busPrefix: String
    }

    let layout: Layout
    let consumerPort: Int
    let producerPort: Int
    let credentials: ChaosCredentials
    private let consumer = Mutex<ChaosProcess?>(nil)
    private let producer = Mutex<ChaosProcess?>(nil)
    private let starts = Mutex(0)

    /// The broker URL, or the cluster nodes' URLs comma-separated, node 1 first.
    var amqpURL: String {
        (0..<max(1, layout.brokerNodes)).map { "amqp://guest:guest@127.0.0.1:\(layout.brokerPort + $0)/" }.joined(separator: ",")
    }
    var databasePath: String { layout.dataDirectory + "/subscriptions.sqlite" }
    var fillerPath: String { layout.dataDirectory + "/filler" }

    init(layout: Layout) throws {
        self.layout = layout
        consumerPort = try freePort()
        producerPort = try freePort(excluding: [consumerPort])
        credentials = try ChaosCredentials(directory: layout.workDirectory)
    }

    private var common: [String: String] {
        ["AMQP_URL": amqpURL, "BUS_PREFIX": layout.busPrefix, "HTTP_HOST": "127.0.0.1", "LOG_LEVEL": "info"]
    }

    private func logPath(_ name: String) -> String {
        let number = starts.withLock { count in
            count += 1
            return count
        }
        return "\(layout.workDirectory)/\(name)-\(number).log"
    }

    func startConsumer() throws {
        let environment = common.merging([
            "HTTP_PORT": String(consumerPort), "CLOCK": "manual", "DATABASE_PATH": databasePath,
            "CATALOG_PATH": layout.catalogPath,
            // The audit reads every processed record at the end: keep them all.
            "RETENTION_DAYS": "0",
        ]) { _, new in new }
        let process = try ChaosProcess(
            executable: layout.binDirectory + "/subscriptions-consumer", environment: environment, logPath: logPath("consumer"))
        consumer.withLock { $0 = process }
    }

    func startProducer() throws {
        let environment = common.merging(["HTTP_PORT": String(producerPort), "AUTH_KEYS": credentials.keysPath]) { _, new in new }
        let process = try ChaosProcess(
            executable: layout.binDirectory + "/subscriptions-producer", environment: environment, logPath: logPath("producer"))
        producer.withLock { $0 = process }
    }

    /// SIGKILL the consumer, then start it again at once.
    func crashConsumer() throws {
        consumer.withLock { $0 }?.kill()
        try startConsumer()
    }

    /// SIGKILL the producer (its HTTP requests in flight die with it), then start it again.
    func crashProducer() throws {
        producer.withLock { $0 }?.kill()
        try startProducer()
    }

    /// Stops the broker node and starts it again (queues and persistent messages survive); in a
    /// cluster, node 1, the one the services connect to first.
    func restartBroker() throws {
        let log = "\(layout.workDirectory)/broker-restarts.log"
        let node = layout.brokerNodes > 1 ? "\(layout.brokerName)-1" : layout.brokerName
        try runScript(["/bin/bash", layout.brokerScript, "stop", node], logPath: log)
        try runScript(["/bin/bash", layout.brokerScript, "start", node, String(layout.brokerPort)], logPath: log)
    }

    /// Writes zeros into the data directory until its file system is full; returns the bytes written.
    func fillDisk() -> Int {
        _ = FileManager.default.createFile(atPath: fillerPath, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: fillerPath) else { return 0 }
        defer { try? handle.close() }
        var written = 0
        for size in [1 << 20, 4096, 512] {
            let chunk = Data(count: size)
            while (try? handle.write(contentsOf: chunk)) != nil { written += size }
        }
        return written
    }

    func freeDisk() {
        try? FileManager.default.removeItem(atPath: fillerPath)
    }

    /// Waits until both services answer `/health` with 200.
    func waitUntilHealthy(timeout: Duration = .seconds(120)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await isHealthy(port: consumerPort), await isHealthy(port: producerPort) { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw ChaosError("the services did not become healthy within \(timeout); logs in \(layout.workDirectory)")
    }

    /// SIGTERM both (graceful: the consumer drains its outbox).
    func stop() async {
        await producer.withLock { $0 }?.terminate()
        await consumer.withLock { $0 }?.terminate()
    }

    /// The running consumer's log file.
    var consumerLog: String? { consumer.withLock { $0 }?.logPath }

    var consumerIsRunning: Bool { consumer.withLock { $0 }?.isRunning ?? false }
}
