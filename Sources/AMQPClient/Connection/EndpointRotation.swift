/// Which of the configured endpoints a connection tries next, and how long it waits first.
///
/// It starts with the first endpoint and moves to the next (wrapping around) after every
/// failed attempt and every lost connection. After a failed attempt the next endpoint is tried
/// at once, until every endpoint failed in a row: then the backoff's delay applies (with one
/// endpoint: after every failure). After a lost connection the backoff's delay applies, as it
/// did with one endpoint.
struct EndpointRotation: Sendable {
    /// How many endpoints there are (at least 1).
    let count: Int
    /// The position of the endpoint connected to, or tried next.
    private(set) var index = 0
    /// Attempts failed since the last successful one.
    private(set) var failedInARow = 0
    private var backoff: ReconnectBackoff

    init(count: Int, backoff: ReconnectBackoff) {
        self.count = max(1, count)
        self.backoff = backoff
    }

    /// The attempt on the current endpoint failed: moves to the next one and returns how long
    /// to wait before trying it.
    mutating func attemptFailed() -> Duration {
        failedInARow += 1
        index = (index + 1) % count
        return failedInARow % count == 0 ? backoff.nextDelay() : .zero
    }

    /// The connection opened: the backoff and the count of failures start over.
    mutating func connected() {
        failedInARow = 0
        backoff.reset()
    }

    /// The open connection was lost: moves to the next endpoint and returns how long to wait
    /// before trying it.
    mutating func connectionLost() -> Duration {
        index = (index + 1) % count
        return backoff.nextDelay()
    }
}
