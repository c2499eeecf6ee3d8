import Foundation

/// A ``DocumentTransaction`` held in memory, for unit tests of pure logic and for replaying
/// scenarios without SQLite. Not thread-safe: one test, one instance.
public final class InMemoryDocumentTransaction: DocumentTransaction {
    private struct Entry {
        var body: Data
        var tag: String?
        var dueAt: Date?
    }

    private struct Address: Hashable {
        var kind: String
        var key: String
    }

    private var entries: [Address: Entry] = [:]

    /// An empty store.
    public init() {}

    public func document(kind: String, key: String) throws -> Data? {
        entries[Address(kind: kind, key: key)]?.body
    }

    public func putDocument(_ body: Data, kind: String, key: String, tag: String?, dueAt: Date?) throws {
        entries[Address(kind: kind, key: key)] = Entry(body: body, tag: tag, dueAt: dueAt)
    }

    public func deleteDocument(kind: String, key: String) throws {
        entries[Address(kind: kind, key: key)] = nil
    }

    public func keys(kind: String) throws -> [String] {
        entries.keys.filter { $0.kind == kind }.map(\.key).sorted()
    }

    public func keys(kind: String, tag: String) throws -> [String] {
        entries.filter { $0.key.kind == kind && $0.value.tag == tag }.map(\.key.key).sorted()
    }

    public func dueKeys(kind: String, atOrBefore date: Date, limit: Int) throws -> [String] {
        entries
            .compactMap { address, entry -> (Date, String)? in
                guard address.kind == kind, let due = entry.dueAt, due <= date else { return nil }
                return (due, address.key)
            }
            .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            .prefix(limit)
            .map(\.1)
    }

    public func earliestDueDate() throws -> Date? {
        entries.values.compactMap(\.dueAt).min()
    }
}
