import GRPCCore
import GRPCNIOTransportHTTP2Posix
import Logging
import ServiceLifecycle

/// The gRPC front door as a `Service` of the producer: an HTTP/2 server (plaintext, on the
/// event loops the HTTP server uses) on `GRPC_HOST:GRPC_PORT` with ``SubscriptionCommandsService``,
/// until graceful shutdown, when it stops taking calls and finishes those it has.
struct GRPCServerService: Service {
    let server: GRPCServer<HTTP2ServerTransport.Posix>
    let logger: Logger

    /// A server for `service` on `host:port` (an IP address; port 0 = any free port), requests
    /// up to `maximumRequestSize` bytes.
    init(service: SubscriptionCommandsService, host: String, port: Int, maximumRequestSize: Int, logger: Logger) {
        let transport = HTTP2ServerTransport.Posix(
            address: host.contains(":") ? .ipv6(host: host, port: port) : .ipv4(host: host, port: port),
            transportSecurity: .plaintext,
            config: .defaults { config in
                config.rpc.maxRequestPayloadSize = maximumRequestSize
            })
        server = GRPCServer(transport: transport, services: [service])
        self.logger = logger
    }

    func run() async throws {
        let server = server
        let logger = logger
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await server.serve() }
                let address = try await server.transport.listeningAddress
                logger.info("gRPC front door listening", metadata: ["address": "\(address)"])
            }
        } onGracefulShutdown: {
            server.beginGracefulShutdown()
        }
    }
}
