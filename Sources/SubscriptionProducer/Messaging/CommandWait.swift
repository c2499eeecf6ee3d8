import AMQPClient
import Foundation
import Synchronization

/// One request's wait for the consumer's reply to its command: a single suspension, ended by
/// whichever comes first of the reply, the broker refusing the command (through the publish's
/// ``AMQPPublishObserver`` callbacks on the connection thread), the deadline (``ReplyWaiters``'
/// sweep), or the request's cancellation.
///
/// The broker's confirm of a publish that went well ends nothing: it is only recorded, so that
/// a wait that reaches its deadline can say whether the broker had accepted the command. The
/// request thus suspends once, not once for the confirm and again for the reply.
final class CommandWait: AMQPPublishObserver, Sendable {
    /// How the wait ended.
    enum Outcome: Sendable {
        /// The reply's body (a `CommandReply`, decoded by the waiting request).
        case reply(Data)
        case failure(CommandFailure)
    }

    private enum Phase {
        case pending
        case waiting(CheckedContinuation<Outcome, Never>)
        case ended(Outcome?)
    }

    private struct State {
        var phase = Phase.pending
        /// The connection thread took the message to write it.
        var sent = false
        /// The broker confirmed the publish.
        var confirmed = false
    }

    /// The command's id: the reply's `correlation_id`.
    let commandID: String
    /// When the wait ends without a reply.
    let deadline: ContinuousClock.Instant
    private let state = Mutex(State())

    init(commandID: String, deadline: ContinuousClock.Instant) {
        self.commandID = commandID
        self.deadline = deadline
    }

    /// Suspends until the wait ends; called once. Cancelling the calling task ends it with
    /// ``CommandFailure/Code/cancelled``.
    func outcome() async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let ready: Outcome? = state.withLock { state in
                    switch state.phase {
                    case .pending:
                        state.phase = .waiting(continuation)
                        return nil
                    case .ended(let outcome):
                        state.phase = .ended(nil)
                        return outcome ?? .failure(CommandFailure(.cancelled, "the wait for the reply was awaited twice"))
                    case .waiting:
                        return .failure(CommandFailure(.cancelled, "the wait for the reply was awaited twice"))
                    }
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            var failure = CommandFailure(.cancelled, "the request was cancelled before the reply came")
            if !state.withLock({ $0.confirmed }) { failure.publishReason = "cancelled" }
            end(with: .failure(failure))
        }
    }

    /// Ends the wait with `outcome` unless it has ended; false when it had.
    @discardableResult
    func end(with outcome: Outcome) -> Bool {
        let (ended, continuation): (Bool, CheckedContinuation<Outcome, Never>?) = state.withLock { state in
            switch state.phase {
            case .pending:
                state.phase = .ended(outcome)
                return (true, nil)
            case .waiting(let continuation):
                state.phase = .ended(nil)
                return (true, continuation)
            case .ended:
                return (false, nil)
            }
        }
        continuation?.resume(returning: outcome)
        return ended
    }

    /// Ends the wait at its deadline, saying whether the broker had confirmed the command.
    func expire(budget: Duration, notSentReason: @autoclosure () -> String) {
        let (sent, confirmed) = state.withLock { ($0.sent, $0.confirmed) }
        var failure: CommandFailure
        if confirmed {
            failure = CommandFailure(
                .deadlineExceeded, "no reply from the subscription service within \(budget.milliseconds) ms")
        } else {
            let how = sent
                ? "the broker did not confirm it by the deadline; it was sent and may still be delivered"
                : "it was not sent by the deadline (\(notSentReason())) and will not be"
            failure = CommandFailure(
                .deadlineExceeded,
                "the message broker did not accept the command within \(budget.milliseconds) ms (\(how)); "
                    + "retry with the same idempotency key")
            failure.publishReason = "timeout"
        }
        end(with: .failure(failure))
    }

    // MARK: AMQPPublishObserver (the connection thread)

    func publishSettled(_ result: Result<Void, AMQPError>) {
        switch result {
        case .success:
            state.withLock { $0.confirmed = true }
        case .failure(let error):
            end(with: .failure(CommandDispatcher.failure(publishing: error)))
        }
    }

    func claimForSending() -> Bool {
        state.withLock { state in
            if case .ended = state.phase { return false }
            state.sent = true
            return true
        }
    }

    var hasEnded: Bool {
        state.withLock { state in
            if case .ended = state.phase { return true }
            return false
        }
    }
}
