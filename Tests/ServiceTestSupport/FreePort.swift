import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP port nothing listens on right now, for a service started next.
///
/// Drawn from 16000–24999, below Linux's ephemeral range (32768–60999): a port the kernel
/// hands out (`bind` to port 0) is also what it gives the next outgoing connection of any
/// process, and with a dozen services connecting to brokers and PostgreSQL at once one took a
/// service's port between this check and the service's own bind (`EADDRINUSE`). The range also
/// stays clear of the private brokers (56xx–57xx, their Erlang distribution at 256xx–257xx and
/// their plugins at 156xx–157xx) and PostgreSQL (5433).
///
/// A port is handed out once per test process: two suites starting services at the same moment
/// could otherwise both draw a port that was free for each check, and the second service to
/// bind it failed (`EADDRINUSE`, a FirstHourTests producer in a full run). The record is the
/// process's one piece of shared state here, behind a lock; 9,000 ports outlast any run.
///
/// The check's socket is close-on-exec, and every child starts through `ChildProcess`, which
/// closes whatever else it would inherit: a service spawned by another suite while this check
/// held its socket bound used to inherit it and keep the port after the check closed its copy,
/// and the service the port was for failed to bind (`EADDRINUSE`, a test clock suite's consumer
/// in CI on 2026-12-01, with a broker restarting in another suite at that moment).
public enum FreePort {
    static let range = 16_000..<25_000
    private static let handedOut = Locked<Set<Int>>([])

    public static func find() throws -> Int {
        for _ in 0..<200 {
            let port = Int.random(in: range)
            guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            if try isFree(port) { return port }
        }
        throw HarnessError("cannot find a free port in \(range)")
    }

    /// Whether a listening socket could bind `port` on 127.0.0.1 now.
    static func isFree(_ port: Int) throws -> Bool {
        let descriptor = try boundSocket(port)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// A socket listening on 127.0.0.1 at a port handed out by ``find()``, and the port: a port
    /// in use, for tests of what a service does when it cannot bind. Close the descriptor.
    public static func listeningSocket() throws -> (descriptor: Int32, port: Int) {
        let port = try find()
        let descriptor = try boundSocket(port)
        guard descriptor >= 0, listen(descriptor, 1) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw HarnessError("cannot listen on 127.0.0.1:\(port)")
        }
        return (descriptor, port)
    }

    /// A TCP socket bound to 127.0.0.1:`port`, or -1 when the port cannot be bound.
    private static func boundSocket(_ port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard bound else {
            close(descriptor)
            return -1
        }
        return descriptor
    }
}
