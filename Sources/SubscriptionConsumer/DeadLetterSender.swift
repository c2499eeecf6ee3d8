import AMQPClient
import Foundation
import SubscriptionTopology

/// Publishes a command that can never be processed to the dead-letter exchange, with the
/// original body and properties plus `x-death-reason` (and `x-death-message`), and waits
/// for the confirm; only then may the original delivery be acked. A `basic.reject` could not
/// say why, hence the explicit publish (Protos/README.md, headers).
struct DeadLetterSender: Sendable {
    let connection: AMQPConnection
    let names: BusNames

    func send(_ delivery: AMQPDelivery, reason: String, message: String) async throws(AMQPError) {
        var properties = delivery.message.properties
        properties.headers["x-death-reason"] = .string(reason)
        properties.headers["x-death-message"] = .string(String(message.prefix(1000)))
        properties.headers["x-original-routing-key"] = .string(delivery.routingKey)
        properties.expiration = nil
        try await connection.publish(
            AMQPMessage(body: delivery.message.body, properties: properties),
            exchange: names.deadLetterExchange, routingKey: delivery.routingKey
        )
    }
}
