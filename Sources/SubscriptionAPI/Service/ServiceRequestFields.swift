/// Fields the service's own request bodies share.
extension FieldReader {
    /// Reads a required identifier (`originalTransactionId`, `customerId`).
    mutating func identifier(_ key: Key) -> String? {
        check(required(key, as: String.self), key, IdentifierRule.problem)
    }
}
