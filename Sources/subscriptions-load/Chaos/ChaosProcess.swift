import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A service executable run by the chaos run as a child process (its output in a log file),
/// to be killed with SIGKILL or stopped with SIGTERM.
final class ChaosProcess: Sendable {
    let pid: pid_t
    let logPath: String

    init(executable: String, environment: [String: String], logPath: String) throws {
        self.logPath = logPath
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&fileActions, 1, 2)
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        var cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        var cArguments = [strdup(executable), nil]
        defer {
            for pointer in cEnvironment { free(pointer) }
            for pointer in cArguments { free(pointer) }
        }
        var pid = pid_t()
        let status = posix_spawn(&pid, executable, &fileActions, nil, &cArguments, &cEnvironment)
        guard status == 0 else { throw ChaosError("cannot start \(executable): errno \(status)") }
        self.pid = pid
    }

    /// SIGKILL (a crash), then reaps the process.
    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }

    /// SIGTERM, waiting up to `timeout` for the exit (SIGKILL after it); true when it exited by itself.
    @discardableResult
    func terminate(timeout: Duration = .seconds(30)) async -> Bool {
        _ = Glibc.kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        kill()
        return false
    }

    /// Whether the process is still running (not exited, not reaped).
    var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }
}

/// A failure of the chaos run's own machinery (not a finding), saying what went wrong.
struct ChaosError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs a short command (the broker script) and waits for it; its output goes to `logPath`.
func runScript(_ arguments: [String], logPath: String) throws {
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&fileActions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&fileActions, 1, 2)
    var cArguments = arguments.map { strdup($0) } + [nil]
    var cEnvironment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in cArguments { free(pointer) }
        for pointer in cEnvironment { free(pointer) }
    }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, arguments[0], &fileActions, nil, &cArguments, &cEnvironment)
    guard spawned == 0 else { throw ChaosError("cannot run \(arguments.joined(separator: " ")): errno \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
        throw ChaosError("\(arguments.joined(separator: " ")) failed (status \(status)); see \(logPath)")
    }
}

/// A free TCP port on 127.0.0.1 (bound to port 0, then released).
func freePort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ChaosError("socket() failed: errno \(errno)") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
    }
    guard bound else { throw ChaosError("bind() failed: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}
