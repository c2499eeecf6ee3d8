/// Identifiers sent as strings (`transactionId`, `originalTransactionId`, `customerId`): 1…128
/// characters without whitespace or control characters. Whether one exists is the service's business.
enum IdentifierRule {
    static func problem(with identifier: String) -> String? {
        let isValid = (1...128).contains(identifier.count)
            && !identifier.unicodeScalars.contains {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
            }
        return isValid ? nil : "must be 1...128 characters without whitespace, got \"\(identifier)\""
    }
}

/// Fields the service's own request bodies share.
extension FieldReader {
    /// Reads a required identifier (`originalTransactionId`, `customerId`).
    mutating func identifier(_ key: Key) -> String? {
        check(required(key, as: String.self), key, IdentifierRule.problem)
    }
}
