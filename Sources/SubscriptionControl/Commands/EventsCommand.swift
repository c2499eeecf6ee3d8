import ArgumentParser
import Foundation
import SubscriptionMessages
import SubscriptionTopology
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

/// Argument-parser reads `--from` through this conformance.
extension EventLogPosition: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// `--from` and `--to`: where in the event log `events tail` and `events stats` read.
struct EventLogOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Read the event log from here, then live: first, last, next, a stream offset or an ISO 8601 time (events signed at or after it).",
        valueName: "first|last|next|offset|time"))
    var from: EventLogPosition?
    @Option(help: ArgumentHelp("With --from: stop at events signed at or after this ISO 8601 time.", valueName: "time"))
    var to: String?
    @Option(help: ArgumentHelp("With --from: only this subscription's events (its timeline, read from the whole log).", valueName: "id"))
    var subscription: String?

    /// The end time, checked.
    func end() throws -> Date? {
        if subscription != nil, from == nil {
            throw ValidationError("--subscription reads the event log: give --from too (e.g. --from first)")
        }
        guard let to else { return nil }
        guard from != nil else { throw ValidationError("--to reads the event log: give --from too (e.g. --from first)") }
        guard let date = EventLogPosition.parseTime(to) else {
            throw ValidationError("--to \(to): expected an ISO 8601 time with a zone (e.g. 2026-12-01T00:00:00Z)")
        }
        return date
    }

    /// The event log from `--from`, or a temporary queue bound with `patterns` without it.
    func openFeed(_ connection: ConnectionOptions, patterns: [String]) async throws -> EventFeed {
        let end = try end()
        guard let from else { return try await EventFeed.open(connection, patterns: patterns) }
        return try await EventFeed.open(connection, patterns: patterns, from: from, to: end, subscription: subscription)
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
            With --from it reads the event log instead (docs/event-stream.md): the history from that \
            point, each event once, then the live ones; --to ends the history at a time.
            Examples:
              subscriptionsctl events tail
              subscriptionsctl events tail --bind 'DID_RENEW.*' --bind 'EXPIRED.#' --json
              subscriptionsctl events tail --count 3 --json
              subscriptionsctl events tail --from 2026-12-01T00:00:00Z --to 2026-12-02T00:00:00Z --json
              subscriptionsctl events tail --from first --bind 'REFUND.#'
            """
    )

    @Option(help: "Routing-key pattern to bind (repeatable; default #, every event); with --from, matched by the reader.") var bind: [String] = []
    @Flag(help: "Print JSON lines even on a terminal.") var json = false
    @Option(help: "Stop after this many events.") var count: Int?
    @Option(name: .customLong("for"), help: "Stop after this long (e.g. 30s, 5m).") var duration: Duration?
    @OptionGroup var log: EventLogOptions
    @OptionGroup var connection: ConnectionOptions

    func validate() throws { _ = try log.end() }

    func run() async throws {
        let output = ControlContext.output
        let asJSON = json || !output.isTerminal
        let feed = try await log.openFeed(connection, patterns: bind)
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
            every --every and once at the end. With --from it counts over the event log \
            (docs/event-stream.md): events signed from --from (or from the first one kept) and, \
            with --to, before --to, each once; it ends when the log is read past --to.
            Examples:
              subscriptionsctl events stats --for 10m --every 1m
              subscriptionsctl events stats --from 2026-11-01T00:00:00Z --to 2026-12-01T00:00:00Z
              subscriptionsctl events stats --from first --to 2026-12-07T00:00:00Z
            """
    )

    @Option(name: .customLong("for"), help: "How long to count (e.g. 30s, 10m); until interrupted when absent.") var duration: Duration?
    @Option(help: "Print the counters this often (e.g. 30s).") var every: Duration?
    @OptionGroup var log: EventLogOptions
    @OptionGroup var connection: ConnectionOptions

    func validate() throws { _ = try log.end() }

    func run() async throws {
        let output = ControlContext.output
        let statistics = SharedStatistics()
        let feed = try await log.openFeed(connection, patterns: [])
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
