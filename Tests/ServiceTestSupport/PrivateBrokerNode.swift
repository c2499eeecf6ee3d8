import ChildProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private RabbitMQ node of the test's own (scripts/rabbitmq-local.sh), for tests that stop
/// and start the broker, or raise its alarms, without disturbing the shared one at `AMQP_URL`.
public struct PrivateBrokerNode: Sendable {
    public let name: String
    public let port: Int
    /// Extra environment for scripts/rabbitmq-local.sh, e.g. `RABBITMQ_LOCAL_TLS=1`.
    public var environment: [String: String]

    public init(name: String, port: Int, environment: [String: String] = [:]) {
        self.name = name
        self.port = port
        self.environment = environment
    }

    /// The node's base directory (scripts/rabbitmq-local.sh).
    public var baseDirectory: URL {
        URL(filePath: Self.script).deletingLastPathComponent().deletingLastPathComponent().appending(path: ".rabbitmq/\(name)")
    }

    public var url: String { "amqp://guest:guest@127.0.0.1:\(port)/" }

    static var script: String {
        URL(filePath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "scripts/rabbitmq-local.sh").path
    }

    /// Starts the node (or finds it running) and waits until AMQP accepts connections.
    public func start() async throws { try await run([name, String(port)], action: "start") }

    /// Stops the node.
    public func stop() async throws { try await run([name], action: "stop") }

    /// Runs `rabbitmqctl` against the node, e.g. `["set_vm_memory_high_watermark", "0"]`.
    public func ctl(_ arguments: [String]) async throws { try await run([name, "--"] + arguments, action: "ctl") }

    /// Runs `rabbitmqctl` against the node and returns what it printed on standard output.
    public func ctlOutput(_ arguments: [String]) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appending(path: "rabbitmqctl-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: file) }
        try await Self.runScript([name, "--"] + arguments, action: "ctl", environment: environment, output: file.path)
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// Runs `body` with the node, then stops it (whether `body` started it, failed or not).
    public func use<Result>(_ body: (PrivateBrokerNode) async throws -> Result) async throws -> Result {
        let result: Result
        do {
            result = try await body(self)
        } catch {
            try? await stop()
            throw error
        }
        try await stop()
        return result
    }

    /// Whether something accepts TCP connections on the node's port (this node or another).
    public var isListening: Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Runs the script with posix_spawn and polls waitpid without blocking: tests run on
    /// Swift's cooperative pool (two threads on two cores), and a node takes seconds to start
    /// or stop. (Foundation's `Process.waitUntilExit` was seen to hang here once the script had
    /// left the broker running in the background.)
    private func run(_ tail: [String], action: String) async throws {
        try await Self.runScript(tail, action: action, environment: environment)
    }

    /// Runs `scripts/rabbitmq-local.sh ACTION TAIL…` (standard output to `output`, or discarded).
    static func runScript(_ tail: [String], action: String, environment: [String: String], output: String = "/dev/null") async throws {
        let arguments = ["/bin/bash", Self.script, action] + tail
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pid = try ChildProcess.spawn(arguments, environment: merged, standardOutput: .truncating(output), standardError: .truncating("/dev/null"))
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result == -1 && errno != EINTR { throw HarnessError("waitpid for rabbitmq-local.sh failed: errno \(errno)") }
            try? await Task.sleep(for: .milliseconds(50))
        }
        let exitCode = (status >> 8) & 0xff
        guard status & 0x7f == 0, exitCode == 0 else {
            throw HarnessError("rabbitmq-local.sh \(action) \(tail.joined(separator: " ")) exited with status \(status)")
        }
    }
}
