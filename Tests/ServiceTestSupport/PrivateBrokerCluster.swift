import Foundation

/// A private RabbitMQ cluster of the test's own on loopback (`scripts/rabbitmq-local.sh
/// cluster-start NAME PORT COUNT`): nodes NAME-1 … NAME-COUNT on PORT, PORT+1, …, sharing an
/// Erlang cookie, for tests that stop one node under clients that know all of them.
public struct PrivateBrokerCluster: Sendable {
    public let name: String
    public let port: Int
    public let count: Int

    public init(name: String, port: Int, count: Int = 3) {
        self.name = name
        self.port = port
        self.count = count
    }

    /// The node `index` (1-based), to stop, start or run `rabbitmqctl` against.
    public func node(_ index: Int) -> PrivateBrokerNode {
        PrivateBrokerNode(name: "\(name)-\(index)", port: port + index - 1)
    }

    /// Every node, in order.
    public var nodes: [PrivateBrokerNode] { (1...count).map(node) }

    /// The nodes' AMQP URLs, comma-separated (what `AMQP_URL` takes), node 1 first.
    public var url: String { nodes.map(\.url).joined(separator: ",") }

    /// Starts the nodes (or finds them running), joins them into one cluster and waits until
    /// all of them run (20–40 s on an idle machine).
    public func start() async throws {
        try await PrivateBrokerNode.runScript([name, String(port), String(count)], action: "cluster-start", environment: [:])
    }

    /// Stops every node.
    public func stop() async throws {
        try await PrivateBrokerNode.runScript([name, String(count)], action: "cluster-stop", environment: [:])
    }

    /// Runs `body` with the started cluster, then stops it and removes its nodes' directories
    /// (whether `body` failed or not): every run starts a fresh cluster.
    public func use<Result>(_ body: (PrivateBrokerCluster) async throws -> Result) async throws -> Result {
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

    private func removeDirectories() {
        for node in nodes {
            try? FileManager.default.removeItem(at: node.baseDirectory)
        }
        let cookie = node(1).baseDirectory.deletingLastPathComponent().appending(path: "\(name).cookie")
        try? FileManager.default.removeItem(at: cookie)
    }
}
