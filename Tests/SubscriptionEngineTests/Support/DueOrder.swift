@testable import SubscriptionEngine

/// The ids of `dues` (id → due time) in the order every due index gives: by due time, then by id
/// in UTF-8 byte order (SQLite's `BINARY` collation, the SQLite store's `(due_at, id)` index).
func inDueOrder(_ dues: [String: Timestamp]) -> [String] {
    dues.sorted { $0.value != $1.value ? $0.value < $1.value : $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map(\.key)
}
