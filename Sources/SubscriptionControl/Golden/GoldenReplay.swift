import AMQPClient
import Foundation
import SubscriptionMessages
import SwiftProtobuf
import Synchronization

/// Plays a recording into another deployment and collects its events (docs/golden-replays.md).
/// The commands go one at a time in recorded order, each after the reply to the one before: the
/// recorded order is the only order the run had, and clock advances and mass extensions act on
/// everything before them, so a window could reorder what matters.
struct GoldenReplay {
    /// What the target answered and published.
    struct Outcome {
        /// Serialized events, in arrival order.
        var events: [Data]
        /// How many replies had each status (`OK`, `NOT_FOUND`, …).
        var statuses: [String: Int]
    }

    let recording: GoldenFile
    let options: ConnectionOptions
    /// How long the events may keep coming after the last reply.
    let settle: Duration

    /// Refuses a target that already knows the recording's test clocks (not a fresh deployment:
    /// its processed-command records would answer the recorded command ids from memory), then
    /// replays every command and waits for the events to settle.
    func run(progress: @escaping @Sendable (String) -> Void) async throws -> Outcome {
        let feed = try await EventFeed.open(options, patterns: [])
        let collected = Mutex<(events: [Data], last: ContinuousClock.Instant)>(([], .now))
        let reader = Task {
            try await feed.readBodies(for: nil) { body in
                collected.withLock {
                    $0.events.append(body)
                    $0.last = .now
                }
                return true
            }
        }
        do {
            let statuses = try await ControlBus.with(options) { bus in
                try await checkFresh(bus)
                return try await sendAll(bus, progress: progress)
            }
            let expected = recording.events.count
            let start = ContinuousClock.now
            collected.withLock { $0.last = .now }
            while true {
                try await Task.sleep(for: .milliseconds(100))
                let (count, last) = collected.withLock { ($0.events.count, $0.last) }
                let quiet = ContinuousClock.now - last
                // Enough events and a short quiet spell, or a long one (fewer events than recorded).
                if count >= expected && quiet >= .milliseconds(500) || quiet >= settle || ContinuousClock.now - start >= settle * 10 { break }
            }
            reader.cancel()
            await feed.close()
            return Outcome(events: collected.withLock { $0.events }, statuses: statuses)
        } catch {
            reader.cancel()
            await feed.close()
            throw error
        }
    }

    private func checkFresh(_ bus: ControlBus) async throws {
        let clocks = Set(recording.commands.map(\.envelope.testClockID).filter { !$0.isEmpty }).sorted()
        for clock in clocks {
            let reply = try await bus.send(.getTestClock(.with { $0.testClockID = clock }), timeout: options.replyTimeout)
            guard reply.status == .notFound else {
                throw ControlError(
                    "bus \(options.names.prefix) is not a fresh deployment: it already has test clock \(clock) of the recording (status \(reply.status)); replay into a deployment with an empty database")
            }
        }
    }

    /// Sends every recorded command with its recorded id, clock and body; only `issued_at` and
    /// `deadline` are new (the recorded deadline has passed).
    private func sendAll(_ bus: ControlBus, progress: @Sendable (String) -> Void) async throws -> [String: Int] {
        var statuses: [String: Int] = [:]
        for (index, command) in recording.commands.enumerated() {
            var envelope = command.envelope
            envelope.issuedAt = Google_Protobuf_Timestamp(date: Date())
            envelope.deadline = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(Double(options.replyTimeout.components.seconds)))
            let reply: Subscriptions_V1_CommandReply
            do {
                reply = try await bus.send(envelope, routingKey: command.routingKey, timeout: options.replyTimeout)
            } catch {
                throw ControlError("command \(index + 1) of \(recording.commands.count) (line \(command.number + 1), \(command.routingKey), id \(envelope.commandID)): \(error)")
            }
            statuses["\(reply.status)", default: 0] += 1
            if (index + 1) % 500 == 0 { progress("replayed \(index + 1) of \(recording.commands.count) commands") }
        }
        return statuses
    }
}
