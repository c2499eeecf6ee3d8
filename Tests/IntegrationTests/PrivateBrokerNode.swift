import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private RabbitMQ node of the test's own (scripts/rabbitmq-local.sh), for tests that stop
/// and start the broker without disturbing the shared one at `AMQP_URL`.
struct PrivateBrokerNode {
    let name: String
    let port: Int
    /// Extra environment for scripts/rabbitmq-local.sh, e.g. `RABBITMQ_LOCAL_TLS=1`.
    var environment: [String: String] = [:]

    /// The node's base directory (scripts/rabbitmq-local.sh).
    var baseDirectory: URL {
        URL(filePath: Self.script).deletingLastPathComponent().deletingLastPathComponent().appending(path: ".rabbitmq/\(name)")
    }

    var url: String { "amqp://guest:guest@127.0.0.1:\(port)/" }

    private static var script: String {
        URL(filePath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "scripts/rabbitmq-local.sh").path
    }

    func start() throws { try run("start") }
    func stop() throws { try run("stop") }

    /// Runs the script with posix_spawn and waitpid: Foundation's `Process.waitUntilExit`
    /// was seen to hang here once the script had left the broker running in the background.
    private func run(_ action: String) throws {
        let arguments = ["/bin/bash", Self.script, action, name, String(port)]
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        var cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        let spawned = posix_spawn(&pid, "/bin/bash", &fileActions, nil, &cArguments, &cEnvironment)
        guard spawned == 0 else {
            throw NodeError(message: "cannot run rabbitmq-local.sh: errno \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitCode = (status >> 8) & 0xff
        guard status & 0x7f == 0, exitCode == 0 else {
            throw NodeError(message: "rabbitmq-local.sh \(action) \(name) \(port) exited with status \(status)")
        }
    }

    struct NodeError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
