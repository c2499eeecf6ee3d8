import AMQPClient
import Logging
import ServiceTestSupport

/// A quiet logger and a connection to the test broker (`TestBroker.url`), for the suites of this
/// target that talk to it.
enum TestConnection {
    static func open(label: String) async throws -> (connection: AMQPConnection, logger: Logger) {
        var logger = Logger(label: label)
        logger.logLevel = .critical
        let connection = AMQPConnection(configuration: try AMQPConfiguration(url: TestBroker.url), logger: logger)
        try await connection.connect()
        return (connection, logger)
    }
}
