import Synchronization

/// Connections one server holds, against ``HTTPServerLimits/maximumConnections``.
final class ConnectionCounter: Sendable {
    private let open = Mutex(0)
    let maximum: Int

    init(maximum: Int) { self.maximum = maximum }

    /// Takes a place; false when all are taken.
    func acquire() -> Bool {
        open.withLock { count in
            guard count < maximum else { return false }
            count += 1
            return true
        }
    }

    /// Gives a place back.
    func release() { open.withLock { $0 -= 1 } }
}
