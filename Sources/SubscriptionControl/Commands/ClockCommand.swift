import ArgumentParser
import Foundation
import SubscriptionMessages

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
            --by takes an ISO 8601 duration (P30D, PT12H, P1W; no years or months) or a short form \
            (90s, 36h, 30d). --to takes an ISO 8601 instant (2026-01-01T00:00:00Z) or milliseconds since 1970.
            Examples:
              subscriptionsctl clock advance --by P30D
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

/// `clock show`: the contract has no read-only clock query, so it says so (exit 2).
struct ClockShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Not available: the wire contract has no read-only query of the test clock (exits 2).",
        discussion: """
            commands.proto offers only AdvanceTestClock, whose reply carries the clock before and \
            after. `subscriptionsctl clock advance` prints both; there is no way to read the clock \
            without moving it.
            Example:
              subscriptionsctl clock show   # explains this, exit status 2
            """
    )

    func run() async throws {
        ControlContext.output.writeError(
            "clock show: the contract (commands.proto) has no read-only clock query; "
                + "`subscriptionsctl clock advance` prints the clock before and after the advance")
        throw ExitCode(2)
    }
}
