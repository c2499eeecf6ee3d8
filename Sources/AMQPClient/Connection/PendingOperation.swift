import Synchronization

/// A caller's wait for the connection thread that ends exactly once: with the thread's result,
/// or earlier with `.timeout` at the caller's deadline or `.cancelled` when the caller's task
/// is cancelled. Whatever comes later is dropped, so the connection thread may always complete it.
///
/// For a publish it also records whether the message went out on a connection: the thread
/// claims a publish with ``claimForSending()`` before writing it, and a publish that ended
/// before being claimed is never written.
final class PendingOperation: Sendable {
    private enum Phase {
        case created
        case waiting(CheckedContinuation<Result<Void, AMQPError>, Never>)
        /// Finished; the result is kept until ``wait()`` takes it.
        case finished(Result<Void, AMQPError>?)
    }

    private struct State {
        var phase = Phase.created
        var sent = false
    }

    private let state = Mutex(State())

    init() {}

    /// Whether the operation has ended (its caller no longer waits).
    var isFinished: Bool {
        state.withLock { state in
            if case .finished = state.phase { return true }
            return false
        }
    }

    /// Marks a publish as written to the connection, unless it has ended: returns false when
    /// the caller gave up (deadline, cancellation) and the message must not be written.
    func claimForSending() -> Bool {
        state.withLock { state in
            if case .finished = state.phase { return false }
            state.sent = true
            return true
        }
    }

    /// Ends the operation with `result` unless it has ended already.
    func callAsFunction(_ result: Result<Void, AMQPError>) {
        finish { _ in result }
    }

    /// Ends the operation with the result `make` builds from whether the message was written
    /// (always false for anything but a publish), unless it has ended already. `make` runs
    /// under the lock: it must only build a value.
    func finish(_ make: (_ sent: Bool) -> Result<Void, AMQPError>) {
        let continuation: (CheckedContinuation<Result<Void, AMQPError>, Never>, Result<Void, AMQPError>)? =
            state.withLock { state in
                switch state.phase {
                case .created:
                    state.phase = .finished(make(state.sent))
                    return nil
                case .waiting(let continuation):
                    state.phase = .finished(nil)
                    return (continuation, make(state.sent))
                case .finished:
                    return nil
                }
            }
        if let (continuation, result) = continuation {
            continuation.resume(returning: result)
        }
    }

    /// Waits until the operation ends and returns its result; called once.
    func wait() async -> Result<Void, AMQPError> {
        await withCheckedContinuation { continuation in
            let ready: Result<Void, AMQPError>? = state.withLock { state in
                switch state.phase {
                case .created:
                    state.phase = .waiting(continuation)
                    return nil
                case .finished(let result):
                    state.phase = .finished(nil)
                    return result ?? .failure(AMQPError(.protocolError, "an operation was awaited twice"))
                case .waiting:
                    return .failure(AMQPError(.protocolError, "an operation was awaited twice"))
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Waits until the operation ends, ending it with `timeout` at `deadline` and with
    /// `cancelled` when the calling task is cancelled, whatever the connection thread does.
    func wait(
        deadline: ContinuousClock.Instant?,
        timeout: @escaping @Sendable (_ sent: Bool) -> AMQPError,
        cancelled: @escaping @Sendable (_ sent: Bool) -> AMQPError
    ) async -> Result<Void, AMQPError> {
        await withTaskCancellationHandler {
            guard let deadline else { return await wait() }
            return await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        try await Task.sleep(until: deadline, clock: .continuous)
                    } catch {
                        return  // the operation ended first, or the caller was cancelled
                    }
                    self.finish { .failure(timeout($0)) }
                }
                let result = await wait()
                group.cancelAll()
                return result
            }
        } onCancel: {
            finish { .failure(cancelled($0)) }
        }
    }
}
