import Synchronization

/// The ids of commands that killed the previous process (``CrashJournal``), waiting to come
/// back from the broker: each is dead-lettered once when it does, instead of applied.
final class PoisonCommands: Sendable {
    private let ids: Mutex<Set<String>>

    /// A list holding `ids`.
    init(_ ids: Set<String> = []) { self.ids = Mutex(ids) }

    /// Whether `commandId` is one of them; it is then taken off the list.
    func take(_ commandId: String) -> Bool {
        ids.withLock { ids in ids.isEmpty ? false : ids.remove(commandId) != nil }
    }

    /// How many are waiting.
    var count: Int { ids.withLock { $0.count } }
}
