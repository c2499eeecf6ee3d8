import AMQPClient
import SubscriptionMessages

/// What `dlq list` shows of one dead-lettered command: the consumer's `x-death-reason` /
/// `x-death-message` / `x-original-routing-key`, or the broker's `x-death` headers for a
/// command that hit the delivery limit.
struct DeadLetterEntry: Sendable, Equatable {
    var commandID: String
    var routingKey: String
    var reason: String
    var message: String
    var size: Int

    init(commandID: String, routingKey: String, reason: String, message: String, size: Int) {
        (self.commandID, self.routingKey, self.reason, self.message, self.size) = (commandID, routingKey, reason, message, size)
    }

    /// The entry of a delivery from the dead-letter queue.
    init(_ message: AMQPMessage, deliveredWith routingKey: String) {
        let headers = message.properties.headers
        let brokerDeath: AMQPTable? = if case .array(let deaths)? = headers["x-death"], case .table(let first)? = deaths.first { first } else { nil }
        let brokerRoutingKey: String? = if case .array(let keys)? = brokerDeath?["routing-keys"] { keys.first?.stringValue } else { nil }
        let envelopeID = (try? Subscriptions_V1_CommandEnvelope(serializedBytes: message.body))?.commandID
        self.init(
            commandID: message.properties.messageId ?? envelopeID ?? "-",
            routingKey: headers["x-original-routing-key"]?.stringValue ?? brokerRoutingKey ?? routingKey,
            reason: headers["x-death-reason"]?.stringValue ?? brokerDeath?["reason"]?.stringValue
                ?? headers["x-first-death-reason"]?.stringValue ?? "-",
            message: headers["x-death-message"]?.stringValue ?? "",
            size: message.body.count
        )
    }

    /// `<command id> <routing key> <reason> <size> bytes: <message>`.
    var line: String {
        "\(commandID) \(routingKey) \(reason) \(size) bytes" + (message.isEmpty ? "" : ": \(message)")
    }
}
