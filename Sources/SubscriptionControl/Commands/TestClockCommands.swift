import ArgumentParser
import Foundation
import SubscriptionMessages
import SwiftProtobuf

/// `clock create`: CreateTestClock at an instant.
struct ClockCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a test clock starting at an instant (docs/test-clocks.md).",
        discussion: """
            Prints the clock's id (clock_…) on the first line, then the clock. Attach customers to it \
            with `publish --test-clock ID purchase …` (or the X-Test-Clock header of the HTTP API).
            Example:
              subscriptionsctl clock create --at 2026-01-01T00:00:00Z --name "suite A"
            """
    )

    @Option(help: "The clock's first now: an ISO 8601 instant or milliseconds since 1970.") var at: String
    @Option(help: "A name (at most 100 characters).") var name: String?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let milliseconds = try TestClockText.milliseconds(at, option: "--at")
        var request = Subscriptions_V1_CreateTestClockRequest()
        request.frozenTime = Google_Protobuf_Timestamp(seconds: milliseconds / 1000, nanos: Int32(milliseconds % 1000) * 1_000_000)
        request.name = name ?? ""
        let reply = try await TestClockText.send(.createTestClock(request), connection: connection)
        guard case .createTestClock(let created)? = reply.result else { return try PublishCommand.report(reply) }
        ControlContext.output.write(created.clock.id)
        ControlContext.output.write(TestClockText.describe(created.clock))
    }
}

/// `clock list`: every test clock.
struct ClockListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the test clocks.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let reply = try await TestClockText.send(.listTestClocks(Subscriptions_V1_ListTestClocksRequest()), connection: connection)
        guard case .listTestClocks(let list)? = reply.result else { return try PublishCommand.report(reply) }
        if list.clocks.isEmpty { ControlContext.output.write("no test clocks") }
        for clock in list.clocks { ControlContext.output.write(TestClockText.describe(clock)) }
    }
}

/// `clock get ID`: one test clock.
struct ClockGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "get", abstract: "Show one test clock.")

    @Argument(help: "The clock's id (clock_…).") var id: String
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let reply = try await TestClockText.send(.getTestClock(.with { $0.testClockID = id }), connection: connection)
        guard case .getTestClock(let found)? = reply.result else { return try PublishCommand.report(reply) }
        ControlContext.output.write(TestClockText.describe(found.clock))
    }
}

/// `clock delete ID`: the clock and everything on it.
struct ClockDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a test clock and every subscription on it.")

    @Argument(help: "The clock's id (clock_…).") var id: String
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let reply = try await TestClockText.send(.deleteTestClock(.with { $0.testClockID = id }), connection: connection)
        guard case .deleteTestClock(let deleted)? = reply.result else { return try PublishCommand.report(reply) }
        ControlContext.output.write("deleted \(deleted.clock.id) with \(deleted.subscriptionsDeleted) subscription(s)")
    }
}

/// Parsing and formatting shared by the test clock commands.
enum TestClockText {
    /// `clock_…  2026-01-01T00:00:00Z  3 subscription(s)  "suite A"`.
    static func describe(_ clock: Subscriptions_V1_TestClock) -> String {
        "\(clock.id)  \(clock.now.date.formatted(.iso8601))  \(clock.subscriptionCount) subscription(s)"
            + (clock.name.isEmpty ? "" : "  \"\(clock.name)\"")
    }

    /// Milliseconds since 1970 from an ISO 8601 instant or a number of milliseconds.
    static func milliseconds(_ text: String, option: String) throws -> Int64 {
        if let milliseconds = Int64(text) { return milliseconds }
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw ControlError("\(option) \(text) is neither an ISO 8601 instant nor milliseconds since 1970")
        }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func send(
        _ command: Subscriptions_V1_CommandEnvelope.OneOf_Command, connection: ConnectionOptions
    ) async throws -> Subscriptions_V1_CommandReply {
        let timeout = connection.replyTimeout
        return try await ControlBus.with(connection) { bus in try await bus.send(command, timeout: timeout) }
    }
}
