import AppleErrorCatalog

/// Translates `JSONDecoder`'s `DecodingError` into a path-named ``ValidationIssue``:
/// `retainBillingCycle: expected a boolean, got a string`, `requestInfo.requestReferenceId: missing`.
extension ValidationIssue {
    /// Creates the issue a decoding error describes; `error` is the field's specific code, if any.
    init(_ decodingError: DecodingError, error: APIError? = nil) {
        switch decodingError {
        case .typeMismatch(let type, let context):
            self.init(
                path: JSONPath.string(context.codingPath),
                message: "expected \(Self.describe(type)), got \(Self.found(in: context.debugDescription))",
                kind: .wrongType, error: error)
        case .valueNotFound(_, let context):
            self.init(path: JSONPath.string(context.codingPath), message: "missing (null)", kind: .missingField, error: error)
        case .keyNotFound(let key, let context):
            self.init(path: JSONPath.string(context.codingPath + [key]), message: "missing", kind: .missingField, error: error)
        case .dataCorrupted(let context):
            let isDocument = context.codingPath.isEmpty
            // Foundation's own text can name its internals (`FoundationEssentials.JSONError…`):
            // say it in plain words instead.
            let plain = Self.isFoundationInternal(context) ? "not valid JSON text" : context.debugDescription
            self.init(
                path: JSONPath.string(context.codingPath),
                message: isDocument ? "malformed JSON: \(plain)" : plain,
                kind: isDocument ? .malformedJSON : .invalidValue, error: error)
        @unknown default:
            self.init(path: "body", message: "\(decodingError)", kind: .malformedJSON, error: error)
        }
    }

    /// Whether the description is Foundation's rendering of an internal error rather than a message.
    static func isFoundationInternal(_ context: DecodingError.Context) -> Bool {
        let text = context.debugDescription
        return context.underlyingError != nil || text.contains("Foundation") || text.contains("JSONError")
            || text.contains("(location:")
    }

    /// A JSON-flavoured name for a Swift type: `a boolean`, `an integer`, `an object`.
    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "a boolean"
        case is String.Type: "a string"
        case is Int.Type, is Int32.Type, is Int64.Type, is UInt.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "\(type)"
        }
    }

    /// What Foundation says it found, in JSON terms (`… but found number instead.` → `a number`).
    static func found(in debugDescription: String) -> String {
        guard let range = debugDescription.range(of: "but found ") else { return "another type" }
        var rest = debugDescription[range.upperBound...]
        if let end = rest.range(of: " instead") { rest = rest[..<end.lowerBound] }
        if rest.hasSuffix(".") { rest = rest.dropLast() }
        let word = rest.split(separator: " ").last.map { $0.lowercased() } ?? ""
        switch word {
        case "string": return "a string"
        case "number", "int", "double": return "a number"
        case "bool", "boolean": return "a boolean"
        case "dictionary", "object": return "an object"
        case "array": return "an array"
        case "null", "nil": return "null"
        default: return String(rest)
        }
    }
}
