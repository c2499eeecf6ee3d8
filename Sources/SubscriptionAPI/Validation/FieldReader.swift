import AppleErrorCatalog

/// Reads the members of one JSON object strictly, collecting every problem instead of stopping at the
/// first: unknown keys (the policy is to reject unknown keys everywhere, which catches known fields
/// placed at the wrong level), missing required fields, and whatever the members' own decoding reports.
///
/// Used from `init(from:)`: read each member into a local, call ``finish()``, then unwrap.
struct FieldReader<Key: CodingKey & CaseIterable> {
    private let container: KeyedDecodingContainer<JSONKey>
    /// The object's own path.
    let codingPath: [any CodingKey]
    private(set) var issues: [ValidationIssue] = []

    /// Opens the object at `decoder`; throws when the value is not an object, records unknown keys.
    init(_ decoder: any Decoder) throws {
        codingPath = decoder.codingPath
        do {
            container = try decoder.container(keyedBy: JSONKey.self)
        } catch {
            var found = ""
            if case DecodingError.typeMismatch(_, let context) = error {
                found = ", got \(ValidationIssue.found(in: context.debugDescription))"
            }
            throw ValidationError(ValidationIssue(
                path: JSONPath.string(decoder.codingPath), message: "expected an object\(found)", kind: .wrongType))
        }
        let allowed = Key.allCases.map(\.stringValue).joined(separator: ", ")
        let unknown = container.allKeys.filter { Key(stringValue: $0.stringValue) == nil }
        for key in unknown.sorted(by: { $0.stringValue < $1.stringValue }) {
            issues.append(ValidationIssue(
                path: JSONPath.string(codingPath + [key]),
                message: "unknown field; allowed here: \(allowed)", kind: .unknownField))
        }
    }

    /// Whether the member is present and not null.
    func contains(_ key: Key) -> Bool {
        let jsonKey = JSONKey(key)
        return container.contains(jsonKey) && (try? container.decodeNil(forKey: jsonKey)) == false
    }

    /// Decodes a required member; records `missing` (code `missing`, else `error`) when absent or
    /// null. `error` is the field's own code, used for every problem of this member that has no more
    /// specific one.
    mutating func required<Value: Decodable>(
        _ key: Key, as type: Value.Type = Value.self, missing: APIError? = nil, error: APIError? = nil
    ) -> Value? {
        guard contains(key) else {
            record(key, "missing", kind: .missingField, error: missing ?? error)
            return nil
        }
        return decode(key, error: error)
    }

    /// Decodes an optional member; absent and null both read as `nil`.
    mutating func optional<Value: Decodable>(
        _ key: Key, as type: Value.Type = Value.self, error: APIError? = nil
    ) -> Value? {
        contains(key) ? decode(key, error: error) : nil
    }

    /// Decodes an optional array member that, when present, must hold at least one element
    /// (`empty` is the code for an empty array).
    mutating func nonEmptyArray<Element: Decodable>(
        _ key: Key, of type: Element.Type = Element.self, error: APIError? = nil, empty: APIError? = nil
    ) -> [Element]? {
        let elements: [Element]? = optional(key, error: error)
        if let elements, elements.isEmpty {
            record(key, "must not be empty when present", error: empty ?? error)
        }
        return elements
    }

    /// Applies a rule to a decoded member: `rule` returns what is wrong, or `nil`. Returns the value
    /// when it passes.
    mutating func check<Value>(
        _ value: Value?, _ key: Key, error: APIError? = nil, _ rule: (Value) -> String?
    ) -> Value? {
        guard let value else { return nil }
        if let problem = rule(value) {
            record(key, problem, error: error)
            return nil
        }
        return value
    }

    /// Records a problem with one member (`key`) or with the object itself (`nil`).
    mutating func record(
        _ key: Key?, _ message: String, kind: ValidationIssue.Kind = .invalidValue, error: APIError? = nil
    ) {
        let path = key.map { codingPath + [JSONKey($0)] } ?? codingPath
        issues.append(ValidationIssue(path: JSONPath.string(path), message: message, kind: kind, error: error))
    }

    /// Records a problem below a member: `record(at: "removeItems[0].SKU", …)`, relative to this object.
    mutating func record(
        at relativePath: String, _ message: String, kind: ValidationIssue.Kind = .invalidValue, error: APIError? = nil
    ) {
        let base = JSONPath.string(codingPath)
        let path = codingPath.isEmpty ? relativePath : "\(base).\(relativePath)"
        issues.append(ValidationIssue(path: path, message: message, kind: kind, error: error))
    }

    /// Throws every recorded issue, if any.
    func finish() throws {
        if !issues.isEmpty { throw ValidationError(issues: issues) }
    }

    /// The error for a required member that is `nil` after ``finish()`` passed: cannot happen, because
    /// ``required(_:as:missing:)`` records an issue whenever it returns `nil`.
    func inconsistency() -> ValidationError {
        ValidationError(ValidationIssue(
            path: JSONPath.string(codingPath), message: "internal error: unread required field",
            kind: .invalidValue, error: .generalInternal))
    }

    private mutating func decode<Value: Decodable>(_ key: Key, error fieldError: APIError?) -> Value? {
        do {
            return try container.decode(Value.self, forKey: JSONKey(key))
        } catch let error as ValidationError {
            let memberPath = JSONPath.string(codingPath + [JSONKey(key)])
            issues += error.issues.map { issue in
                var issue = issue
                if let fieldError, issue.path == memberPath, issue.error.origin == .service { issue.error = fieldError }
                return issue
            }
        } catch where IntegerMismatch.matches(error, decoding: Value.self) {
            let number = try? container.decode(Double.self, forKey: JSONKey(key))
            record(key, IntegerMismatch.describe(number, as: Value.self), kind: .wrongType, error: fieldError)
        } catch let error as DecodingError {
            issues.append(ValidationIssue(error, error: fieldError))
        } catch {
            record(key, "\(error)", error: fieldError)
        }
        return nil
    }
}
