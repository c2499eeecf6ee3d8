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

    func send(_ delivery: AMQPDelivery, reason: String, message: String) async throws(AMQPError) {
        try await connection.publish(
            .deadLetter(of: delivery, reason: reason, message: message), exchange: names.deadLetterExchange, routingKey: delivery.routingKey)
    }
}
