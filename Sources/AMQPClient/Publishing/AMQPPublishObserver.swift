/// Whom the connection thread tells how a publish ended, for a caller that does not suspend on
/// the publish (``AMQPConnection/publish(_:exchange:routingKey:mandatory:observer:)``).
///
/// A request that waits for a reply to its command, not for the broker's confirm, waits once:
/// the observer (the request's own waiter object, so the publish costs no allocation of its
/// own) ends that wait early only when the broker refuses the command or the connection fails.
/// Its methods run on the connection thread: they must only record and resume, never block.
public protocol AMQPPublishObserver: AnyObject, Sendable {
    /// The broker confirmed the publish (`.success`), refused or returned it, or it failed with
    /// the connection. Called at most once per publish.
    func publishSettled(_ result: Result<Void, AMQPError>)
    /// Called right before the message is written: false when the caller has given up (its
    /// deadline passed, it was cancelled), and then the message is dropped, never sent.
    func claimForSending() -> Bool
    /// Whether the caller has stopped waiting (an answer came, the deadline passed, it was
    /// cancelled): a sent publish still unconfirmed when the connection is lost is then not
    /// published again on the next connection.
    var hasEnded: Bool { get }
}
