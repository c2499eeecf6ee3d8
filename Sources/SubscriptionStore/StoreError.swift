/// A failure of the SQLite store, with what was being done.
public struct StoreError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure.
    public enum Code: String, Sendable {
        /// The database file could not be opened, created or migrated.
        case cannotOpen
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
