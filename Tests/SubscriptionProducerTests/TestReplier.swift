import AMQPClient
import Foundation
import Logging
import ServiceTestSupport
import SubscriptionMessages
import SwiftProtobuf
import Synchronization

/// Stands in for the consumer: reads the test's commands queue, records each command and
/// answers with what `answer` returns (nothing when it returns nil).
final class TestReplier: Sendable {
    struct Received: Sendable {
        var envelope: Subscriptions_V1_CommandEnvelope
        var properties: AMQPProperties
        var routingKey: String
    }

    private let received = Mutex<[Received]>([])
    private let connection: AMQPConnection

    var commands: [Received] { received.withLock { $0 } }

    private init(connection: AMQPConnection) {
        self.connection = connection
    }

    /// Consumes `queue` until the returned task is cancelled.
    static func start(
        queue: String, answer: @escaping @Sendable (Subscriptions_V1_CommandEnvelope) -> Subscriptions_V1_CommandReply?
    ) async throws -> (TestReplier, Task<Void, Never>) {
        var configuration = try AMQPConfiguration(url: TestBroker.url)
        configuration.connectionName = "producer-tests-replier"
        let connection = AMQPConnection(configuration: configuration, logger: ProducerTestBus.logger)
        try await connection.connect()
        let replier = TestReplier(connection: connection)
        let consumer = try await connection.consume(queue: queue, prefetch: 16)
        let task = Task {
            for await delivery in consumer {
                guard let envelope = try? Subscriptions_V1_CommandEnvelope(serializedBytes: delivery.message.body) else {
                    try? await delivery.reject(requeue: false)
                    continue
                }
                replier.received.withLock {
                    $0.append(Received(envelope: envelope, properties: delivery.message.properties, routingKey: delivery.routingKey))
                }
                if var reply = answer(envelope), let replyTo = delivery.message.properties.replyTo {
                    reply.commandID = envelope.commandID
                    reply.schemaVersion = WireContract.schemaVersion
                    let body: Data = (try? reply.serializedBytes()) ?? Data()
                    let properties = AMQPProperties(
                        contentType: WireContract.contentType, messageId: UUID().uuidString,
                        correlationId: envelope.commandID, type: "subscriptions.v1.CommandReply", persistent: false)
                    try? await connection.publish(
                        AMQPMessage(body: body, properties: properties), exchange: "", routingKey: replyTo, mandatory: false)
                }
                try? await delivery.ack()
            }
        }
        return (replier, task)
    }

    func close() async { await connection.close() }
}

/// The producer tests' logger and names (the broker is ServiceTestSupport's `TestBroker.url`).
enum ProducerTestBus {
    static var logger: Logger {
        var logger = Logger(label: "producer-tests")
        logger.logLevel = .warning
        return logger
    }

    /// A name prefix no other test or run uses.
    static func uniquePrefix() -> String {
        "test.producer.\(UUID().uuidString.prefix(8).lowercased())."
    }
}
