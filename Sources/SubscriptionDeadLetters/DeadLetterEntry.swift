import AMQPClient
import Foundation
import SubscriptionMessages

/// One dead-lettered command as an operator sees it: the consumer's `x-death-reason` /
/// `x-death-message` / `x-original-routing-key`, or the broker's `x-death` headers for a command
/// that hit the delivery limit (`subscriptionsctl dlq list`, the console's dead letters).
public struct DeadLetterEntry: Sendable, Equatable {
    /// The command's id (`message_id`, else the envelope's `command_id`), `-` when neither is readable.
    public var commandID: String
    /// The routing key the command was first published with: its method.
    public var routingKey: String
    /// Why it was dead-lettered: the consumer's reason (`undecodable`, `unknown-command`, …) or
    /// the broker's (`delivery_limit`, `rejected`, `expired`).
    public var reason: String
    /// The consumer's explanation; empty when the broker dead-lettered it.
    public var message: String
    /// Size of the body in bytes.
    public var size: Int
    /// When the command was issued (the AMQP `timestamp`), when it says.
    public var issuedAt: Date?

    /// An entry.
    public init(commandID: String, routingKey: String, reason: String, message: String, size: Int, issuedAt: Date? = nil) {
        (self.commandID, self.routingKey, self.reason, self.message, self.size) = (commandID, routingKey, reason, message, size)
        self.issuedAt = issuedAt
    }

    /// The entry of a delivery from the dead-letter queue.
    public init(_ message: AMQPMessage, deliveredWith routingKey: String) {
        let headers = message.properties.headers
        let brokerDeath: AMQPTable? =
            if case .array(let deaths)? = headers["x-death"], case .table(let first)? = deaths.first { first } else { nil }
        let brokerRoutingKey: String? =
            if case .array(let keys)? = brokerDeath?["routing-keys"] { keys.first?.stringValue } else { nil }
        let envelopeID = (try? Subscriptions_V1_CommandEnvelope(serializedBytes: message.body))?.commandID
        self.init(
            commandID: message.properties.messageId ?? envelopeID ?? "-",
            routingKey: headers["x-original-routing-key"]?.stringValue ?? brokerRoutingKey ?? routingKey,
            reason: headers["x-death-reason"]?.stringValue ?? brokerDeath?["reason"]?.stringValue
                ?? headers["x-first-death-reason"]?.stringValue ?? "-",
            message: headers["x-death-message"]?.stringValue ?? "",
            size: message.body.count,
            issuedAt: message.properties.timestamp
        )
    }

    /// `<command id> <routing key> <reason> <size> bytes: <message>`.
    public var line: String {
        "\(commandID) \(routingKey) \(reason) \(size) bytes" + (message.isEmpty ? "" : ": \(message)")
    }

    /// The headers dead-lettering added, which a replayed command must not carry.
    public static let deathHeaders = [
        "x-death", "x-death-reason", "x-death-message", "x-original-routing-key", "x-original-user-id",
        "x-first-death-reason", "x-first-death-queue", "x-first-death-exchange",
    ]

    /// The original properties without the dead-lettering headers.
    public static func replayProperties(_ original: AMQPProperties) -> AMQPProperties {
        var properties = original
        for header in deathHeaders { properties.headers[header] = nil }
        // The replaying connection's own user, if it stamps one: the broker refuses another's.
        properties.userId = nil
        return properties
    }
}
