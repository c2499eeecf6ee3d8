import Synchronization

/// Holds the chaos run's clients back so that every fault strikes under load: they may send
/// commands up to a limit just past the next fault's moment (that many more stay in flight
/// while it happens); the limit moves on once the fault was injected. Without it a slow fault
/// (a broker restart) lets the whole stream finish, and the later faults hit an idle system.
final class ChaosGate: Sendable {
    private let limit: Mutex<Int>

    init(limit: Int) { self.limit = Mutex(limit) }

    /// Lets the clients send up to `limit` commands in all.
    func open(upTo limit: Int) { self.limit.withLock { $0 = limit } }

    /// Waits until fewer than the limit were sent.
    func wait(sent: @Sendable () -> Int) async {
        while sent() >= limit.withLock({ $0 }) {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
