import AMQPClient
import ArgumentParser
import SubscriptionMessages

/// `dlq list` and `dlq replay`.
struct DeadLetterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dlq",
        abstract: "Inspect and replay dead-lettered commands (<prefix>.commands.dead-letter).",
        subcommands: [DeadLetterListCommand.self, DeadLetterReplayCommand.self]
    )
}

/// `dlq list`: shows dead-lettered commands and hands them back.
struct DeadLetterListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print dead-lettered commands without removing them.",
        discussion: """
            One line per command: command id, original routing key, reason (x-death-reason, or the \
            broker's x-death reason such as delivery_limit), size, and x-death-message. The messages \
            are received unacknowledged and handed back with nack(requeue) — nothing is lost.
            Example:
              subscriptionsctl dlq list --limit 20
            """
    )

    @Option(help: "At most this many commands.") var limit = 100
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let output = ControlContext.output
        let count = try await DeadLetterBatch.with(connection, limit: limit) { batch in
            for delivery in batch.deliveries {
                output.write(DeadLetterEntry(delivery.message, deliveredWith: delivery.routingKey).line)
            }
            await batch.release()
            return batch.deliveries.count
        }
        output.writeError("\(count) dead-lettered command(s)")
    }
}

/// `dlq replay`: sends dead-lettered commands back to the commands exchange.
struct DeadLetterReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Republish dead-lettered commands to the commands exchange with their original routing key.",
        discussion: """
            Each chosen command's original body and properties (less the x-death headers) are \
            published to <prefix>.commands with the original routing key and confirmed by the broker; \
            only then is it acked off the dead-letter queue. Others are handed back untouched.
            Examples:
              subscriptionsctl dlq replay --command-id 3f0c2b4e-…
              subscriptionsctl dlq replay --all
            """
    )

    @Flag(help: "Replay every dead-lettered command.") var all = false
    @Option(help: "Replay the command with this id.") var commandId: String?
    @Option(help: "Look at most at this many commands.") var limit = 1000
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard all != (commandId != nil) else { throw ValidationError("give exactly one of --all and --command-id") }
    }

    func run() async throws {
        let output = ControlContext.output
        let (all, commandId, commandsExchange) = (self.all, self.commandId, connection.names.commandsExchange)
        let replayed = try await DeadLetterBatch.with(connection, limit: limit) { batch in
            var replayed: Set<UInt64> = []
            do {
                for delivery in batch.deliveries {
                    let entry = DeadLetterEntry(delivery.message, deliveredWith: delivery.routingKey)
                    guard all || entry.commandID == commandId else { continue }
                    try await batch.connection.publish(
                        AMQPMessage(body: delivery.message.body, properties: Self.replayProperties(delivery.message.properties)),
                        exchange: commandsExchange, routingKey: entry.routingKey
                    )
                    try await delivery.ack()
                    replayed.insert(delivery.deliveryTag)
                    output.write("replayed \(entry.commandID) \(entry.routingKey)")
                }
            } catch {
                await batch.release(except: replayed)
                throw error
            }
            await batch.release(except: replayed)
            return replayed
        }
        if let commandId, replayed.isEmpty {
            output.writeError("no dead-lettered command \(commandId)")
            throw ExitCode(1)
        }
        output.writeError("\(replayed.count) command(s) replayed")
    }

    /// The original properties without the dead-lettering headers.
    static func replayProperties(_ original: AMQPProperties) -> AMQPProperties {
        var properties = original
        for header in ["x-death", "x-death-reason", "x-death-message", "x-original-routing-key",
                       "x-first-death-reason", "x-first-death-queue", "x-first-death-exchange"] {
            properties.headers[header] = nil
        }
        return properties
    }
}
