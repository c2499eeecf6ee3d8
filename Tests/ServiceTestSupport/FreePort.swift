import ChildProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP port nothing listens on right now, for a service started next, drawn from
/// `LoopbackPort.range` (below Linux's ephemeral range; why is there).
///
/// A port is handed out once per test process: two suites starting services at the same moment
/// could otherwise both draw a port that was free for each check, and the second service to
/// bind it failed (`EADDRINUSE`, a FirstHourTests producer in a full run). The record is the
/// process's one piece of shared state here, behind a lock; 9,000 ports outlast any run.
///
/// The check's socket is close-on-exec, and every child starts through `ChildProcess`, which
/// closes whatever else it would inherit: a service spawned by another suite while this check
/// held its socket bound used to inherit it and keep the port after the check closed its copy,
/// and the service the port was for failed to bind (`EADDRINUSE`).
public enum FreePort {
    private static let handedOut = Locked<Set<Int>>([])

    public static func find() throws -> Int {
        for _ in 0..<200 {
            let port = Int.random(in: LoopbackPort.range)
            guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            if LoopbackPort.isFree(port) { return port }
        }
        throw HarnessError("cannot find a free port in \(LoopbackPort.range)")
    }

    /// A socket listening on 127.0.0.1 at a port handed out by ``find()``, and the port: a port
    /// in use, for tests of what a service does when it cannot bind. Close the descriptor.
    public static func listeningSocket() throws -> (descriptor: Int32, port: Int) {
        let port = try find()
        guard let descriptor = LoopbackPort.boundSocket(port) else { throw HarnessError("cannot bind 127.0.0.1:\(port)") }
        guard listen(descriptor, 1) == 0 else {
            close(descriptor)
            throw HarnessError("cannot listen on 127.0.0.1:\(port)")
        }
        return (descriptor, port)
    }
}
