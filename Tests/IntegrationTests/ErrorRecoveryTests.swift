import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

@Suite("Broker errors and dead-lettering", .requiresBroker)
struct ErrorRecoveryTests {
    @Test("publishing to a missing exchange is a typed 404 error and the client keeps working")
    func missingExchange() async throws {
        let connection = try await Broker.connect()
        await #expect {
            try await connection.publish(AMQPMessage(body: Data("x".utf8)), exchange: Broker.uniqueName("missing"), routingKey: "k")
        } throws: { error in
            guard let error = error as? AMQPError else { return false }
            return error.code == .notFound && error.replyCode == 404
        }
        let queue = Broker.uniqueName("after-404")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        try await connection.publish(AMQPMessage(body: Data("still works".utf8)), exchange: "", routingKey: queue)
        let consumer = try await connection.consume(queue: queue, prefetch: 1)
        let received = try await collect(1, from: consumer)
        #expect(received.first?.message.body == Data("still works".utf8))
        await connection.close()
    }

    @Test("a declaration that contradicts the existing queue is a typed 406 error; the client keeps working")
    func mismatchedDeclaration() async throws {
        let connection = try await Broker.connect()
        let queue = Broker.uniqueName("mismatch")
        try await connection.declare(AMQPTopology(queues: [.quorum(name: queue, deliveryLimit: 5, deadLetterExchange: nil)]))
        await #expect {
            try await connection.declare(AMQPTopology(queues: [.quorum(name: queue, deliveryLimit: 7, deadLetterExchange: nil)]))
        } throws: { error in
            guard let error = error as? AMQPError else { return false }
            return error.code == .preconditionFailed && error.replyCode == 406
        }
        try await connection.publish(AMQPMessage(body: Data("x".utf8)), exchange: "", routingKey: queue)
        await connection.close()
    }

    @Test("nack and reject without requeue dead-letter; redelivery past the delivery limit dead-letters too")
    func deadLettering() async throws {
        let connection = try await Broker.connect()
        let dlx = Broker.uniqueName("dlx")
        let dlq = Broker.uniqueName("dlq")
        let queue = Broker.uniqueName("work")
        try await connection.declare(AMQPTopology(
            exchanges: [AMQPExchange(name: dlx, kind: .fanout, durable: false)],
            queues: [
                .quorum(name: queue, deliveryLimit: 2, deadLetterExchange: dlx),
                .quorum(name: dlq, deliveryLimit: 5, deadLetterExchange: nil),
            ],
            bindings: [AMQPBinding(queue: dlq, exchange: dlx, routingKey: "")]
        ))
        for id in ["nacked", "rejected", "poison"] {
            try await connection.publish(AMQPMessage(body: Data(id.utf8), properties: AMQPProperties(messageId: id)), exchange: "", routingKey: queue)
        }
        let work = try await connection.consume(queue: queue, prefetch: 1)
        var poisonAttempts = 0
        for await delivery in work {
            switch delivery.message.properties.messageId {
            case "nacked": try await delivery.nack(requeue: false)
            case "rejected": try await delivery.reject(requeue: false)
            default:
                poisonAttempts += 1
                try await delivery.nack(requeue: true)
            }
            if poisonAttempts == 3 { break }
        }
        let deadLetters = try await connection.consume(queue: dlq, prefetch: 10)
        let dead = try await collect(3, from: deadLetters)
        #expect(Set(dead.compactMap { $0.message.properties.messageId }) == ["nacked", "rejected", "poison"])
        let reasons = dead.compactMap { delivery -> String? in
            guard case .array(let deaths)? = delivery.message.properties.headers["x-death"],
                  case .table(let first)? = deaths.first else { return nil }
            return first["reason"]?.stringValue
        }
        #expect(reasons.contains("rejected"))
        #expect(reasons.contains("delivery_limit"))
        await connection.close()
    }
}
