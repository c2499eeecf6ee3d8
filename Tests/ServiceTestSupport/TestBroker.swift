import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The broker the tests use and whether it can be reached, so suites that need it are skipped
/// with a message naming `AMQP_URL` when it cannot, instead of failing one by one.
///
/// A skip must never turn a CI run green: `scripts/test.sh` sets `REQUIRE_BROKER=1`, and then
/// the suites run anyway and fail on the missing broker.
public enum TestBroker {
    /// `AMQP_URL` (`E2E_AMQP_URL` against external services, `E2E_EXTERNAL_SERVICES=1`), or
    /// the loopback default.
    public static var url: String {
        let environment = ProcessInfo.processInfo.environment
        let name = environment["E2E_EXTERNAL_SERVICES"] == "1" ? "E2E_AMQP_URL" : "AMQP_URL"
        return environment[name] ?? "amqp://guest:guest@127.0.0.1:5672/"
    }

    /// Whether a missing broker (or RabbitMQ installation) fails the run instead of skipping.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["REQUIRE_BROKER"] == "1"
    }

    /// Whether something accepts TCP connections at `AMQP_URL`'s host and port (its first
    /// entry when it lists several; checked once, with a 2 s timeout).
    public static let isReachable: Bool = {
        let first = url.split(separator: ",").first.map(String.init) ?? url
        guard let components = URLComponents(string: first.trimmingCharacters(in: .whitespaces)), let host = components.host else { return false }
        let port = components.port ?? (components.scheme?.lowercased() == "amqps" ? 5671 : 5672)
        return TCPProbe.accepts(host: host, port: port, timeout: .seconds(2))
    }()

    /// Whether RabbitMQ is installed, so tests can start private nodes (scripts/rabbitmq-local.sh).
    public static var canStartNodes: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/lib/rabbitmq/bin/rabbitmq-server")
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the suite when the broker at `AMQP_URL` is reachable (or `REQUIRE_BROKER=1`);
    /// otherwise skips it, saying so.
    public static var requiresBroker: Self {
        .enabled(
            if: TestBroker.isReachable || TestBroker.isRequired,
            Comment(rawValue: "no broker reachable at AMQP_URL=\(TestBroker.url); start one (scripts/rabbitmq-local.sh start) or set AMQP_URL (REQUIRE_BROKER=1 turns this skip into a failure)"))
    }

    /// Runs the suite when RabbitMQ is installed to start private nodes (or `REQUIRE_BROKER=1`);
    /// otherwise skips it, saying so.
    public static var requiresBrokerNodes: Self {
        .enabled(
            if: TestBroker.canStartNodes || TestBroker.isRequired,
            Comment(rawValue: "RabbitMQ is not installed (/usr/lib/rabbitmq/bin/rabbitmq-server): this suite starts broker nodes of its own; apt-get install rabbitmq-server (REQUIRE_BROKER=1 turns this skip into a failure)"))
    }
}

/// A TCP connection attempt with a timeout.
enum TCPProbe {
    static func accepts(host: String, port: Int, timeout: Duration) -> Bool {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &results) == 0, let first = results else { return false }
        defer { freeaddrinfo(results) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            if attempt(address.pointee, timeout: timeout) { return true }
            entry = address.pointee.ai_next
        }
        return false
    }

    private static func attempt(_ address: addrinfo, timeout: Duration) -> Bool {
        let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        if connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var descriptors = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1000)
        guard poll(&descriptors, 1, milliseconds) == 1 else { return false }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0
    }
}
