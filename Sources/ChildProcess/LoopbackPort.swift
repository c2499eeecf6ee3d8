#if canImport(Glibc)
import Glibc
#endif

/// TCP ports on 127.0.0.1 for the services a parent starts: the range to draw them from and the
/// check that one is free. The tests' `FreePort` and the chaos run draw through it.
public enum LoopbackPort {
    /// 16000–24999, below Linux's ephemeral range (32768–60999): a port the kernel hands out
    /// (`bind` to port 0) is also what it gives the next outgoing connection of any process, and
    /// with a dozen services connecting to brokers and PostgreSQL at once one took a service's
    /// port between the check and the service's own bind (`EADDRINUSE`); the chaos run also
    /// restarts a killed service on the same port. The range stays clear of the private brokers
    /// (56xx–57xx, their Erlang distribution at 256xx–257xx and their plugins at 156xx–157xx) and
    /// PostgreSQL (5433).
    public static let range = 16_000..<25_000

    /// Whether a listening socket could bind `port` on 127.0.0.1 now.
    public static func isFree(_ port: Int) -> Bool {
        guard let descriptor = boundSocket(port) else { return false }
        close(descriptor)
        return true
    }

    /// A TCP socket bound to 127.0.0.1:`port`, or nil when it cannot be bound. Close-on-exec: a
    /// child started meanwhile by a path other than ``ChildProcess`` must not keep the port.
    public static func boundSocket(_ port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
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
            return nil
        }
        return descriptor
    }
}
