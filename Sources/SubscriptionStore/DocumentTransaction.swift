import Foundation

/// What the engine's state needs from storage inside one transaction: keyed documents
/// (opaque bytes, e.g. a JSON-encoded subscription aggregate) grouped by kind, each with an
/// optional secondary `tag` (e.g. a product id, for mass extensions) and an optional due date
/// (the aggregate's next timer), indexed so that due work is found without a full scan.
///
/// The SQLite store (GRDB) implements it for the consumer; ``InMemoryDocumentTransaction``
/// implements it for unit tests of pure logic. Every call happens inside the caller's one
/// transaction: nothing is visible to others until it commits, and a thrown error rolls it back.
public protocol DocumentTransaction: AnyObject {
    /// The document stored under `kind`/`key`, or nil.
    func document(kind: String, key: String) throws -> Data?
    /// Inserts or replaces the document under `kind`/`key` with its tag and due date.
    func putDocument(_ body: Data, kind: String, key: String, tag: String?, dueAt: Date?) throws
    /// Removes the document under `kind`/`key` (no error when absent).
    func deleteDocument(kind: String, key: String) throws
    /// Keys of every document of `kind`, in ascending key order.
    func keys(kind: String) throws -> [String]
    /// Keys of the documents of `kind` whose tag is `tag`, in ascending key order.
    func keys(kind: String, tag: String) throws -> [String]
    /// Keys of the documents of `kind` due at or before `date`, earliest first (ties by key),
    /// at most `limit` of them.
    func dueKeys(kind: String, atOrBefore date: Date, limit: Int) throws -> [String]
    /// The earliest due date over all documents of every kind, or nil when nothing is due.
    func earliestDueDate() throws -> Date?
}
