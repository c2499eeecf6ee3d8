import Foundation
import Testing

/// A private RabbitMQ cluster on loopback (`scripts/rabbitmq-local.sh cluster-start NAME PORT
/// COUNT`): nodes NAME-1 … NAME-COUNT on PORT, PORT+1, …, sharing an Erlang cookie, for tests
/// that stop one node under clients that know all of them.
///
/// The suites share one cluster, ``forTests``, and take turns (``use(_:)``): a cluster start
/// costs 20–40 s of two cores, so `scripts/test.sh` starts it once, while the package builds,
/// and names it in `TEST_CLUSTER_NAME` and `TEST_CLUSTER_PORT`. Without those variables (a
/// developer's `swift test`) each ``use(_:)`` starts the cluster and stops it afterwards.
public struct PrivateBrokerCluster: Sendable {
    public let name: String
    public let port: Int
    public let count: Int
    /// Started by someone else (`scripts/test.sh`): used, neither started fresh nor stopped here.
    public let isShared: Bool

    public init(name: String, port: Int, count: Int = 3, isShared: Bool = false) {
        self.name = name
        self.port = port
        self.count = count
        self.isShared = isShared
    }

    /// The cluster of the test suites: `TEST_CLUSTER_NAME`/`TEST_CLUSTER_PORT` when
    /// `scripts/test.sh` started one, else one of this process's own on ports 5714–5716.
    public static var forTests: PrivateBrokerCluster {
        let environment = ProcessInfo.processInfo.environment
        if let name = environment["TEST_CLUSTER_NAME"], !name.isEmpty, let port = environment["TEST_CLUSTER_PORT"].flatMap(Int.init) {
            return PrivateBrokerCluster(name: name, port: port, isShared: true)
        }
        return PrivateBrokerCluster(name: "test-cluster-\(ProcessInfo.processInfo.processIdentifier % 1000)", port: 5714)
    }

    /// The node `index` (1-based), to stop, start or run `rabbitmqctl` against.
    public func node(_ index: Int) -> PrivateBrokerNode {
        PrivateBrokerNode(name: "\(name)-\(index)", port: port + index - 1)
    }

    /// Every node, in order.
    public var nodes: [PrivateBrokerNode] { (1...count).map(node) }

    /// The nodes' AMQP URLs, comma-separated (what `AMQP_URL` takes), node 1 first.
    public var url: String { nodes.map(\.url).joined(separator: ",") }

    /// Starts the nodes (or finds them running, and starts one that was left stopped), joins
    /// them into one cluster and waits until all of them run.
    public func start() async throws {
        try await PrivateBrokerNode.runScript([name, String(port), String(count)], action: "cluster-start", environment: [:])
    }

    /// Stops every node.
    public func stop() async throws {
        try await PrivateBrokerNode.runScript([name, String(count)], action: "cluster-stop", environment: [:])
    }

    /// Runs `body` with the cluster running, one caller at a time in this process (callers may
    /// stop and start nodes). A cluster of its own is started first and stopped afterwards,
    /// its directories removed, whether `body` failed or not; a shared one is only made sure
    /// to run all its nodes.
    public func use<Result: Sendable>(_ body: (PrivateBrokerCluster) async throws -> Result) async throws -> Result {
        await ClusterTurns.shared.acquire()
        do {
            let result = try await run(body)
            await ClusterTurns.shared.release()
            return result
        } catch {
            await ClusterTurns.shared.release()
            throw error
        }
    }

    private func run<Result: Sendable>(_ body: (PrivateBrokerCluster) async throws -> Result) async throws -> Result {
        if isShared {
            try await start()
            return try await body(self)
        }
        if let taken = nodes.first(where: \.isListening) {
            throw HarnessError("port \(taken.port) is taken: another run with a cluster on \(port)…\(port + count - 1)?")
        }
        let result: Result
        do {
            try await start()
            result = try await body(self)
        } catch {
            try? await stop()
            removeDirectories()
            throw error
        }
        try await stop()
        removeDirectories()
        return result
    }

    /// The nodes holding a replica of quorum queue `queue` and those of them online
    /// (`rabbitmqctl list_queues name members online`, asked of node 3, which the tests never
    /// stop); nil when the queue is not listed.
    public func replicas(of queue: String) async throws -> (members: [String], online: [String])? {
        let output = try await node(3).ctlOutput(["list_queues", "name", "members", "online", "--quiet", "--formatter", "json"])
        let rows = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        guard let row = rows.first(where: { $0["name"] as? String == queue }) else { return nil }
        return (row["members"] as? [String] ?? [], row["online"] as? [String] ?? [])
    }

    /// Waits (60 s at most) until quorum queue `queue` has a replica on every node and every
    /// replica is online. Stopping node 1 leaves a quorum only then: CI once saw 90 s of nacks
    /// after a stop that left a queue short of a replica.
    public func waitForFullQuorum(of queue: String) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        var last = "not listed"
        while ContinuousClock.now < deadline {
            if let (members, online) = try await replicas(of: queue) {
                if members.count == count && Set(online) == Set(members) { return }
                last = "members \(members), online \(online)"
            }
            try await Task.sleep(for: .milliseconds(500))
        }
        throw HarnessError("\(queue) has not \(count) online replicas: \(last)")
    }

    private func removeDirectories() {
        for node in nodes {
            try? FileManager.default.removeItem(at: node.baseDirectory)
        }
        let cookie = node(1).baseDirectory.deletingLastPathComponent().appending(path: "\(name).cookie")
        try? FileManager.default.removeItem(at: cookie)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a cluster suite unless `TEST_CLUSTER_SUITES=later`: `scripts/test.sh` sets it for
    /// its main `swift test` and runs the cluster suites in a step of their own right after, so
    /// that stopping and starting cluster nodes neither slows the other suites nor is slowed by
    /// them.
    public static var clusterSuite: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["TEST_CLUSTER_SUITES"] != "later",
            Comment(rawValue: "TEST_CLUSTER_SUITES=later: scripts/test.sh runs the cluster suites in their own step after this one"))
    }
}

/// Turns at the test cluster: one user at a time across all suites of the test process.
actor ClusterTurns {
    static let shared = ClusterTurns()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits until no one else uses the cluster, then takes it.
    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the cluster to the next waiting caller, if any.
    func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
