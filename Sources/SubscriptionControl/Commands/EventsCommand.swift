import ArgumentParser
import SubscriptionMessages
import Synchronization

/// `events tail` and `events stats`.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Watch the notification events on the events exchange.",
        subcommands: [EventsTailCommand.self, EventsStatsCommand.self]
    )
}

/// Parses `--for` and `--every` values.
// swift-format-ignore: AvoidRetroactiveConformances
// Deliberate: argument-parser reads `Duration` options through this conformance.
extension Duration: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        guard let duration = DurationText.parse(argument) else { return nil }
        self = duration
    }
}

/// `events tail`: prints events as they arrive.
struct EventsTailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tail",
        abstract: "Print events as they arrive, from a temporary queue bound to the events exchange.",
        discussion: """
            On a terminal each event is one line: time TYPE/SUBTYPE subscription #sequence. With \
            --json, or when standard output is not a terminal, each event is one line of protobuf JSON.
            Routing keys are TYPE.SUBTYPE (NONE without subtype); --bind takes topic patterns.
            Examples:
              subscriptionsctl events tail
              subscriptionsctl events tail --bind 'DID_RENEW.*' --bind 'EXPIRED.#' --json
              subscriptionsctl events tail --count 3 --json
            """
    )

    @Option(help: "Routing-key pattern to bind (repeatable; default #, every event).") var bind: [String] = []
    @Flag(help: "Print JSON lines even on a terminal.") var json = false
    @Option(help: "Stop after this many events.") var count: Int?
    @Option(name: .customLong("for"), help: "Stop after this long (e.g. 30s, 5m).") var duration: Duration?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let output = ControlContext.output
        let asJSON = json || !output.isTerminal
        let feed = try await EventFeed.open(connection, patterns: bind)
        let printed = Atomic<Int>(0)
        let limit = count
        do {
            try await feed.read(for: duration) { event in
                output.write(asJSON ? EventLine.json(event) : EventLine.readable(event))
                let total = printed.add(1, ordering: .relaxed).newValue
                return limit.map { total < $0 } ?? true
            }
        } catch {
            await feed.close()
            throw error
        }
        await feed.close()
    }
}

/// `events stats`: live counters.
struct EventsStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count events for a while and print the counters: types, consent funnel, renewals, expirations, revenue.",
        discussion: """
            Revenue is the sum of the transaction prices (milliunits) of SUBSCRIBED and DID_RENEW \
            events per currency, printed in the currency's units (USD 29.97). The report is printed \
            every --every and once at the end.
            Example:
              subscriptionsctl events stats --for 10m --every 1m
            """
    )

    @Option(name: .customLong("for"), help: "How long to count (e.g. 30s, 10m); until interrupted when absent.") var duration: Duration?
    @Option(help: "Print the counters this often (e.g. 30s).") var every: Duration?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let output = ControlContext.output
        let statistics = SharedStatistics()
        let feed = try await EventFeed.open(connection, patterns: [])
        let every = self.every
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                if let every {
                    group.addTask {
                        while true {
                            try await Task.sleep(for: every)
                            statistics.report().forEach(output.write)
                        }
                    }
                }
                try await feed.read(for: duration) { event in
                    statistics.record(event)
                    return true
                }
                group.cancelAll()
            }
        } catch is CancellationError {
        } catch {
            await feed.close()
            throw error
        }
        await feed.close()
        statistics.report().forEach(output.write)
    }
}

/// ``EventStatistics`` shared by the task reading events and the one printing reports.
private final class SharedStatistics: Sendable {
    private let statistics = Mutex(EventStatistics())

    func record(_ event: Subscriptions_V1_NotificationEvent) {
        statistics.withLock { $0.record(event) }
    }

    func report() -> [String] {
        statistics.withLock { $0.report() }
    }
}
