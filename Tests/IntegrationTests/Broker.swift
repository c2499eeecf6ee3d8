import AMQPClient
import Foundation
import Logging
import ServiceTestSupport

/// Where the integration tests find their broker: `AMQP_URL`, by default a local one.
enum Broker {
    static var url: String { TestBroker.url }

    static var logger: Logger {
        var logger = Logger(label: "integration-tests")
        logger.logLevel = .warning
        return logger
    }

    /// A name no other test or run uses.
    static func uniqueName(_ prefix: String) -> String {
        "test.\(prefix).\(UUID().uuidString.prefix(8))"
    }

    /// An open connection to the test broker.
    static func connect(
        url: String = Broker.url, name: String = "integration-tests", configure: (inout AMQPConfiguration) -> Void = { _ in }
    ) async throws -> AMQPConnection {
        var configuration = try AMQPConfiguration(url: url)
        configuration.connectionName = name
        configure(&configuration)
        let connection = AMQPConnection(configuration: configuration, logger: logger)
        do {
            try await connection.connect()
        } catch {
            await connection.close()  // ends the thread, which would keep trying in the background
            throw error
        }
        return connection
    }

    /// A temporary queue: transient classic queues auto-delete so runs leave nothing behind.
    static func temporaryQueue(_ name: String, arguments: AMQPTable = [:]) -> AMQPQueue {
        AMQPQueue(name: name, durable: false, autoDelete: false, arguments: arguments.merging(["x-expires": .int64(600_000)]) { a, _ in a })
    }
}

/// Collects deliveries from a consumer until `count` arrived or `timeout` passed.
func collect(
    _ count: Int, from consumer: AMQPConsumer, timeout: Duration = .seconds(30), ack: Bool = true
) async throws -> [AMQPDelivery] {
    try await withThrowingTaskGroup(of: [AMQPDelivery]?.self) { group in
        group.addTask {
            var received: [AMQPDelivery] = []
            for await delivery in consumer {
                if ack { try await delivery.ack() }
                received.append(delivery)
                if received.count == count { break }
            }
            return received
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        while let result = try await group.next() {
            if let received = result { return received }
            return []
        }
        return []
    }
}
