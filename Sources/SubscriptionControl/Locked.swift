import Synchronization

/// A value shared between a command and the child tasks reading the broker, behind a lock
/// (a class, so child tasks can capture it).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    func withLock<Result: Sendable>(_ body: (inout sending Value) -> sending Result) -> Result {
        mutex.withLock(body)
    }
}
