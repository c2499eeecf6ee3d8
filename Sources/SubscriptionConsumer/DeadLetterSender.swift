import AMQPClient
import Foundation
import SubscriptionDeadLetters
import SubscriptionTopology

/// Publishes a command that can never be processed to the dead-letter exchange, with the
/// original body and properties plus `x-death-reason` (and `x-death-message`), and waits
/// for the confirm; only then may the original delivery be acked.
struct DeadLetterSender: Sendable {
    let connection: AMQPConnection
    let names: BusNames

    /// `poison` (a command that crashed the consumer) goes in `x-subscriptions-poison`.
    func send(_ delivery: AMQPDelivery, reason: String, message: String, poison: String? = nil) async throws(AMQPError) {
        var message = AMQPMessage.deadLetter(of: delivery, reason: reason, message: message)
        if let poison { message.properties.headers[AMQPMessage.poisonHeader] = .string(String(poison.prefix(1000))) }
        try await connection.publish(message, exchange: names.deadLetterExchange, routingKey: delivery.routingKey)
    }
}
