import ArgumentParser
import Dispatch
import Foundation
import Synchronization

/// `record`: writes every command and event of a run to a golden file (docs/golden-replays.md).
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record the commands a run receives and the events it publishes into a golden file.",
        discussion: """
            A temporary queue bound to <prefix>.commands (every method) and <prefix>.events (#) \
            gets a copy of everything, in the order the broker routed it; each message is one JSON \
            line with its exact bytes. Stops after --for, after --idle without a message (once one \
            came), or on Ctrl-C / SIGTERM, and then writes the end line a replay needs.
            Examples:
              subscriptionsctl record --out run.golden --idle 10s
              subscriptionsctl replay run.golden --against amqp://guest:guest@staging:5672/ --bus-prefix subscriptions
            """
    )

    @Option(help: "The golden file to write (created or emptied).") var out: String
    @Option(name: .customLong("for"), help: "Stop after this long (e.g. 10m).") var duration: Duration?
    @Option(help: "Stop after this long without a message, once one came (e.g. 10s).") var idle: Duration?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let output = ControlContext.output
        let file = URL(filePath: out)
        let recorder = try await GoldenRecorder.open(connection, file: file)
        output.writeError("recording bus \(connection.names.prefix) into \(out); stop with Ctrl-C")
        let stop = SignalStop()
        let counts: GoldenRecorder.Counts
        do {
            counts = try await recorder.record(for: duration, idle: idle) { stop.requested }
        } catch {
            stop.restore()
            throw error
        }
        stop.restore()
        if counts.skipped > 0 {
            output.writeError("skipped \(counts.skipped) message(s) that were neither a CommandEnvelope nor a NotificationEvent")
        }
        output.write("recorded \(counts.commands) commands and \(counts.events) events into \(out)")
    }
}

/// `replay`: plays a golden file into another deployment and diffs the event streams.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a golden file into a fresh deployment and compare its events with the recorded ones byte for byte.",
        discussion: """
            --against is the AMQP URL of the other deployment's broker (several comma-separated for \
            a cluster), --bus-prefix its bus (env BUS_PREFIX, default subscriptions). The commands \
            go one at a time in recorded order with their recorded ids; the target's events are \
            compared per subscription by sequence. Prints "identical: …" and exits 0, or \
            "different: …" with the first differences (which event, which field) and exits 1.
            Example:
              subscriptionsctl replay run.golden --against amqp://guest:guest@127.0.0.1:5672/ --bus-prefix candidate
            """
    )

    @Argument(help: "The golden file (subscriptionsctl record --out).") var file: String
    @Option(help: "AMQP URL of the deployment to replay into.") var against: String
    @Option(help: "Prefix of that deployment's exchanges and queues (env BUS_PREFIX, default subscriptions).") var busPrefix: String?
    @Option(help: "Seconds to wait for each reply.") var timeout: Int = 30
    @Option(help: "How long events may keep coming after the last reply (e.g. 5s).") var settle: Duration = .seconds(5)
    @Option(help: "Most differences to print.") var maxDifferences: Int = 20
    @Option(help: "Also write the replayed run (the same commands, the target's events) as a golden file.") var recordTo: String?

    func run() async throws {
        let output = ControlContext.output
        let recording = try GoldenFile(contentsOf: URL(filePath: file))
        var options = ConnectionOptions()
        options.amqpURL = against
        options.busPrefix = busPrefix
        options.timeout = timeout
        output.writeError("replaying \(recording.commands.count) commands of bus \(recording.busPrefix) into bus \(options.names.prefix)")
        let outcome = try await GoldenReplay(recording: recording, options: options, settle: settle).run { output.writeError($0) }
        let replies = outcome.statuses.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        output.writeError("replies: \(replies.isEmpty ? "none" : replies)")
        if let recordTo {
            try GoldenFile.replayed(recording, events: outcome.events, busPrefix: options.names.prefix).serialized()
                .write(to: URL(filePath: recordTo))
        }
        let diff = GoldenDiff(recorded: recording.events.map(\.body), replayed: outcome.events)
        diff.report(commands: recording.commands.count, limit: maxDifferences).forEach(output.write)
        if !diff.identical { throw ExitCode(1) }
    }
}

/// Turns SIGINT and SIGTERM into a flag while a recording runs, so it can end its file.
final class SignalStop: @unchecked Sendable {
    // Unchecked: `sources` is set once in `init` and only read (cancelled) in `restore`, on the
    // command's task; the handlers touch nothing but the atomic flag.
    private let flag = StopFlag()
    private let sources: [any DispatchSourceSignal]

    init() {
        let flag = self.flag
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.value.store(true, ordering: .relaxed) }
            source.resume()
            return source
        }
    }

    var requested: Bool { flag.value.load(ordering: .relaxed) }

    /// Puts the default handlers back.
    func restore() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

private final class StopFlag: Sendable {
    let value = Atomic<Bool>(false)
}
