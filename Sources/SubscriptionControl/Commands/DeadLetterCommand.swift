import AMQPClient
import ArgumentParser
import SubscriptionDeadLetters
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
            try await batch.replay(to: commandsExchange) { all || $0.commandID == commandId }
        }
        for entry in replayed { output.write("replayed \(entry.commandID) \(entry.routingKey)") }
        if let commandId, replayed.isEmpty {
            output.writeError("no dead-lettered command \(commandId)")
            throw ExitCode(1)
        }
        output.writeError("\(replayed.count) command(s) replayed")
    }
}

extension DeadLetterBatch {
    /// Runs `body` with up to `limit` dead-lettered commands on a connection of its own, which
    /// closes afterwards (anything not replayed returns to the queue).
    static func with<Result: Sendable>(
        _ options: ConnectionOptions, limit: Int, _ body: @Sendable (DeadLetterBatch) async throws -> Result
    ) async throws -> Result {
        let connection = try await ControlBus.connect(options, name: "subscriptionsctl-dlq")
        do {
            let result = try await with(connection: connection, queue: options.names.deadLetterQueue, limit: limit, body)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }
}
