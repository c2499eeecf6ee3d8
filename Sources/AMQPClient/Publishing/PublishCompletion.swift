/// Whom a publish answers: one awaited publish (``PendingOperation``: it may end early at its
/// deadline or on cancellation, and then is not sent), one slot of an ``AMQPPublishBatch``, or
/// a caller's ``AMQPPublishObserver``. An enum, not a closure, so a batch publish costs no
/// allocation of its own.
enum PublishCompletion: Sendable {
    case operation(PendingOperation)
    case batch(AMQPPublishBatch, index: Int)
    case observer(any AMQPPublishObserver)

    /// Delivers the outcome (dropped when the caller has already given up).
    func callAsFunction(_ result: Result<Void, AMQPError>) {
        switch self {
        case .operation(let operation): operation(result)
        case .batch(let batch, let index): batch.settle(index, result)
        case .observer(let observer): observer.publishSettled(result)
        }
    }

    /// Whether the caller has given up waiting (batches never do).
    var isFinished: Bool {
        switch self {
        case .operation(let operation): operation.isFinished
        case .batch: false
        case .observer(let observer): observer.hasEnded
        }
    }

    /// Marks the publish as written; false when its caller gave up and it must not be sent.
    func claimForSending() -> Bool {
        switch self {
        case .operation(let operation): operation.claimForSending()
        case .batch: true
        case .observer(let observer): observer.claimForSending()
        }
    }
}
