import ChildProcess
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
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        do {
            pid = try ChildProcess.spawn([executable], environment: merged, standardOutput: .appending(logPath), standardError: .standardOutput)
        } catch {
            throw ChaosError("\(error)")
        }
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
    let pid: pid_t
    do {
        pid = try ChildProcess.spawn(
            arguments, environment: ProcessInfo.processInfo.environment, standardInput: .reading("/dev/null"),
            standardOutput: .appending(logPath), standardError: .standardOutput)
    } catch {
        throw ChaosError("cannot run \(arguments.joined(separator: " ")): \(error)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
        throw ChaosError("\(arguments.joined(separator: " ")) failed (status \(status)); see \(logPath)")
    }
}

/// A TCP port on 127.0.0.1 that nothing holds now, other than `excluded`.
///
/// Drawn from 16000–24999, below Linux's ephemeral range (32768–60999), like the tests'
/// `FreePort`: the run restarts a killed service on the same port, and while it is down any
/// outgoing connection (the load tool's, the services' own) could be given a port of the
/// ephemeral range and hold it, and the restarted service would fail to bind.
func freePort(excluding excluded: Set<Int> = []) throws -> Int {
    for _ in 0..<200 {
        let port = Int.random(in: 16_000..<25_000)
        if !excluded.contains(port), try canBind(port) { return port }
    }
    throw ChaosError("no free port in 16000-24999 after 200 tries")
}

/// Whether a TCP socket can be bound to 127.0.0.1:`port` now (close-on-exec, closed at once).
private func canBind(_ port: Int) throws -> Bool {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw ChaosError("socket() failed: errno \(errno)") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
}
