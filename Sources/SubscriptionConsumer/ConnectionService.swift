import AMQPClient
import ServiceLifecycle

/// Keeps the AMQP connection for the lifetime of the service group and closes it last, after
/// the consumer and the relay stopped (it is the group's first service, shut down last).
struct ConnectionService: Service {
    let connection: AMQPConnection

    func run() async throws {
        try? await gracefulShutdown()
        await connection.close()
    }
}
