import ChildProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A built service executable running as a real child process, its output in a log file.
public final class ServiceProcess: Sendable {
    public let name: String
    public let pid: pid_t
    public let logPath: String
    /// The exit status once reaped (a pid is reaped only once).
    private let reaped = Locked<Int32?>(nil)

    /// Starts `executable` with `arguments` and `environment` added to ours (without the variables named in
    /// `unsetting`), in `workingDirectory` if given; stdout and stderr go to `logPath`.
    public init(
        name: String, executable: String, arguments: [String] = [], environment: [String: String], logPath: String,
        unsetting: Set<String> = [], workingDirectory: String? = nil
    ) throws {
        self.name = name
        self.logPath = logPath
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            .filter { !unsetting.contains($0.key) }
        // In another working directory: a shell changes to it and execs the service (same pid).
        let argumentList = workingDirectory.map { ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", $0, executable] + arguments }
            ?? [executable] + arguments
        pid = try ChildProcess.spawn(argumentList, environment: merged, standardOutput: .truncating(logPath), standardError: .standardOutput)
    }

    /// Sends SIGTERM and waits up to `timeout` for the exit; SIGKILL after that.
    /// Returns the exit status (or -signal).
    @discardableResult
    public func terminate(timeout: Duration = .seconds(20)) async -> Int32 {
        if let status = exitStatus() { return status }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = exitStatus() { return status }
            try? await Task.sleep(for: .milliseconds(50))
        }
        kill(pid, SIGKILL)
        while true {
            if let status = exitStatus() { return status }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits up to `timeout` for the process to exit by itself; its exit status, or nil when
    /// it still runs.
    public func waitForExit(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = exitStatus() { return status }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return exitStatus()
    }

    /// Kills the process at once (a crash), and reaps it.
    public func crash() async {
        if exitStatus() != nil { return }
        kill(pid, SIGKILL)
        while exitStatus() == nil { try? await Task.sleep(for: .milliseconds(20)) }
    }

    /// Whether the process has exited (it is reaped then).
    public var hasExited: Bool { exitStatus() != nil }

    private func exitStatus() -> Int32? {
        if let known = reaped.withLock({ $0 }) { return known }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : -(status & 0x7f)
        reaped.withLock { $0 = exit }
        return exit
    }

    /// The last lines the process wrote, for failure messages.
    public func logTail(lines: Int = 30) -> String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }
}

/// A failure of a test harness, saying what went wrong.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
