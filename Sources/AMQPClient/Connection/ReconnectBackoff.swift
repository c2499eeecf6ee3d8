/// Delays between reconnection attempts: starts at `initial`, doubles, stops growing at `maximum`.
struct ReconnectBackoff: Sendable {
    let initial: Duration
    let maximum: Duration
    private(set) var attempt = 0

    init(initial: Duration, maximum: Duration) {
        self.initial = initial
        self.maximum = max(initial, maximum)
    }

    /// The delay before the next attempt; each call counts one attempt.
    mutating func nextDelay() -> Duration {
        defer { attempt += 1 }
        var delay = initial
        for _ in 0..<min(attempt, 30) {
            delay = delay * 2
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }

    /// Starts over after a successful connection.
    mutating func reset() {
        attempt = 0
    }
}
