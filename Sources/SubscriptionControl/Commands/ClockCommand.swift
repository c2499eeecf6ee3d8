import ArgumentParser
import Foundation
import SubscriptionMessages

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `clock advance` and `clock show`.
struct ClockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "The consumer's test clock (CLOCK=manual).",
        subcommands: [ClockAdvanceCommand.self, ClockShowCommand.self]
    )
}

/// `clock advance`: AdvanceTestClock by a duration or to an instant.
struct ClockAdvanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advance",
        abstract: "Advance the test clock, firing every due renewal, reminder and expiry on the way.",
        discussion: """
            --by takes an ISO 8601 duration (P30D, PT12H, P1W, P1M, P1Y: months and years in calendar \
            arithmetic, UTC) or a short form \
            (90s, 36h, 30d). --to takes an ISO 8601 instant (2026-01-01T00:00:00Z) or milliseconds since 1970.
            Examples:
              subscriptionsctl clock advance --by P30D
              subscriptionsctl clock advance --by P1M
              subscriptionsctl clock advance --to 2026-01-01T00:00:00Z
            """
    )

    @Option(help: "How far to move the clock (P30D, 36h).") var by: String?
    @Option(help: "The instant to move the clock to (ISO 8601 or milliseconds).") var to: String?
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard (by == nil) != (to == nil) else { throw ValidationError("give exactly one of --by and --to") }
    }

    func run() async throws {
        let json = try Self.body(by: by, to: to)
        let body = try CommandBody.make(route: .advanceTestClock, json: Array(json.utf8), path: [], customerID: nil)
        let timeout = connection.replyTimeout
        let reply = try await ControlBus.with(connection) { bus in try await bus.send(body.command, timeout: timeout) }
        guard reply.status == .ok, case .advanceTestClock(let advanced)? = reply.result else {
            try PublishCommand.report(reply)
            return
        }
        ControlContext.output.write(Self.describe(advanced.clock))
    }

    /// The HTTP body `{"advanceBy": "P…"}` or `{"advanceTo": milliseconds}`.
    static func body(by: String?, to: String?) throws -> String {
        if let by {
            if by.hasPrefix("P") { return "{\"advanceBy\":\"\(by)\"}" }
            guard let duration = DurationText.parse(by) else { throw ControlError("--by \(by) is neither an ISO 8601 duration nor like 36h") }
            return "{\"advanceBy\":\"\(isoDuration(seconds: duration.components.seconds))\"}"
        }
        let text = to ?? ""
        if let milliseconds = Int64(text) { return "{\"advanceTo\":\(milliseconds)}" }
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw ControlError("--to \(text) is neither an ISO 8601 instant nor milliseconds since 1970")
        }
        return "{\"advanceTo\":\(Int64((date.timeIntervalSince1970 * 1000).rounded()))}"
    }

    /// Whole seconds as an ISO 8601 duration in days and clock parts: 129600 → `P1DT12H`.
    static func isoDuration(seconds: Int64) -> String {
        let (days, hours, minutes, rest) = (seconds / 86_400, seconds % 86_400 / 3_600, seconds % 3_600 / 60, seconds % 60)
        let time = [(hours, "H"), (minutes, "M"), (rest, "S")].filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }.joined()
        let text = "P" + (days > 0 ? "\(days)D" : "") + (time.isEmpty ? "" : "T" + time)
        return text == "P" ? "PT0S" : text
    }

    /// `clock: 2025-01-01T00:00:00Z → 2025-01-31T00:00:00Z (fired 3 transitions, published 4 events)`.
    static func describe(_ clock: Subscriptions_V1_ClockState) -> String {
        "clock: \(clock.previousNow.date.formatted(.iso8601)) → \(clock.now.date.formatted(.iso8601)) "
            + "(fired \(clock.transitionsFired) transitions, published \(clock.eventsPublished) events)"
    }
}

/// `clock show`: the consumer's clock, read from its `GET /clock` endpoint (the wire contract
/// has no read-only clock query, and advancing to read it would change the state).
struct ClockShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the consumer's clock (manual test clock or system time) from its HTTP endpoint.",
        discussion: """
            Reads GET /clock of the consumer's health and metrics server.
            Example:
              subscriptionsctl clock show --consumer-url http://127.0.0.1:8081
            """
    )

    @Option(help: "The consumer's HTTP address (env CONSUMER_URL).")
    var consumerURL = ProcessInfo.processInfo.environment["CONSUMER_URL"] ?? "http://127.0.0.1:8081"

    func run() async throws {
        guard let url = URL(string: consumerURL)?.appending(path: "clock") else {
            throw ControlError("--consumer-url \(consumerURL) is not a URL")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(from: url)
        } catch {
            throw ControlError("cannot reach the consumer at \(url): \(error.localizedDescription)")
        }
        guard (response as? HTTPURLResponse)?.statusCode == 200,
              let clock = try? JSONDecoder().decode(ClockState.self, from: data) else {
            throw ControlError("\(url) did not answer with the clock: \(String(decoding: data, as: UTF8.self))")
        }
        ControlContext.output.write("clock: \(clock.iso8601) (\(clock.mode), \(clock.now) ms)")
    }

    /// The body of the consumer's `GET /clock`.
    struct ClockState: Decodable {
        var mode: String
        var now: Int64
        var iso8601: String
    }
}
