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
        pid = try ChildProcess.spawn([executable], environment: merged, standardOutput: .appending(logPath), standardError: .standardOutput)
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

/// A TCP port on 127.0.0.1 that nothing holds now, other than `excluded`, from
/// `LoopbackPort.range`: the run restarts a killed service on the same port, and a port of the
/// ephemeral range could meanwhile be given to any outgoing connection.
func freePort(excluding excluded: Set<Int> = []) throws -> Int {
    for _ in 0..<200 {
        let port = Int.random(in: LoopbackPort.range)
        if !excluded.contains(port), LoopbackPort.isFree(port) { return port }
    }
    throw ChaosError("no free port in \(LoopbackPort.range) after 200 tries")
}
