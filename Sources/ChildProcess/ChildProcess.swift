#if canImport(Glibc)
import Glibc
#endif

/// Starts a program as a child process with `posix_spawn`: its standard streams redirected as
/// asked, and **no other descriptor of ours**.
///
/// Without the last part a child inherits every descriptor not marked close-on-exec that is open
/// at the moment it starts, from any thread: a socket another thread has bound only to see whether
/// a port is free (the test harness's `FreePort`), a connection, a file. A long-running service
/// that inherits a bound socket keeps its port in use after the parent closed its copy, and the
/// service the port was meant for then fails with `EADDRINUSE`.
/// The tests' service processes, the private brokers' script and the chaos run's services all
/// start through here.
public enum ChildProcess {
    /// Where a standard stream of the child goes.
    public enum Destination: Sendable, Equatable {
        /// A file opened read-only (standard input).
        case reading(String)
        /// A file created if missing and emptied.
        case truncating(String)
        /// A file created if missing, written at its end.
        case appending(String)
        /// The same open file as the child's standard output (standard error).
        case standardOutput
    }

    /// Starts `arguments[0]` (a path, not searched in `PATH`) with `arguments` as its argument
    /// vector and exactly `environment` as its environment. A stream with no destination is
    /// inherited from this process. Returns the child's pid; the caller reaps it.
    public static func spawn(
        _ arguments: [String], environment: [String: String], standardInput: Destination? = nil,
        standardOutput: Destination? = nil, standardError: Destination? = nil
    ) throws(ChildProcessError) -> pid_t {
        guard let executable = arguments.first else { throw ChildProcessError(.noExecutable, executable: "") }
        var actions = try SpawnFileActions(for: executable)
        defer { actions.destroy() }
        for (descriptor, destination) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            if let destination { actions.redirect(descriptor, to: destination) }
        }
        var cArguments = arguments.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArguments { free(pointer) }
            for pointer in cEnvironment { free(pointer) }
        }
        var pid = pid_t()
        let status = actions.withPointer { posix_spawn(&pid, executable, $0, nil, &cArguments, &cEnvironment) }
        guard status == 0 else { throw ChildProcessError(.spawnFailed(errno: status), executable: executable) }
        return pid
    }
}
