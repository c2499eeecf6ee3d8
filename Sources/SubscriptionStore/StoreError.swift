/// A failure of the store (SQLite or PostgreSQL), with what was being done.
public struct StoreError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure.
    public enum Code: String, Sendable {
        /// The database could not be opened (file) or reached (server), created or migrated.
        case cannotOpen
        /// Where the database is was given wrong (a malformed `DATABASE_URL`).
        case invalidLocation
        /// A stored value could not be read back (corrupt or from a newer version).
        case corruptValue
    }

    /// What kind of failure.
    public var code: Code
    /// What was wrong, with the value involved.
    public var message: String

    /// An error of `code`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "StoreError.\(code.rawValue): \(message)" }
}
