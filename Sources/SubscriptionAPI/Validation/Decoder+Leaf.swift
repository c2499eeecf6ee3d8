import AppleErrorCatalog

/// Helpers for single-value types (SKU, currency, price…) that validate themselves while decoding.
extension Decoder {
    /// Decodes a single value; a wrong JSON type becomes `expected <expectation>, got …` with `error`.
    func decodeLeaf<Value: Decodable>(
        _ type: Value.Type, expecting expectation: String, error: APIError?
    ) throws -> Value {
        do {
            return try singleValueContainer().decode(Value.self)
        } catch let mismatch where IntegerMismatch.matches(mismatch, decoding: Value.self) {
            let number = try? singleValueContainer().decode(Double.self)
            throw invalid(IntegerMismatch.describe(number, as: Value.self), kind: .wrongType, error: error)
        } catch let decodingError as DecodingError {
            if case .typeMismatch(_, let context) = decodingError {
                throw invalid(
                    "expected \(expectation), got \(ValidationIssue.found(in: context.debugDescription))",
                    kind: .wrongType, error: error)
            }
            throw ValidationError(ValidationIssue(decodingError, error: error))
        }
    }

    /// An error naming this value's path.
    func invalid(
        _ message: String, kind: ValidationIssue.Kind = .invalidValue, error: APIError?
    ) -> ValidationError {
        ValidationError(ValidationIssue(
            path: JSONPath.string(codingPath), message: message, kind: kind, error: error))
    }
}

/// A `String`-backed enumeration whose decoding names the allowed values:
/// `effective: expected one of IMMEDIATELY, NEXT_BILL_CYCLE, got "SOON"`.
protocol StrictStringEnum: RawRepresentable<String>, CaseIterable, Codable {
    /// The error answered for a value outside the enumeration.
    static var invalidValueError: APIError? { get }
}

extension StrictStringEnum {
    /// Decodes strictly; call from `init(from:)`.
    static func decodeStrictly(from decoder: any Decoder) throws -> Self {
        let allowed = allCases.map(\.rawValue).joined(separator: ", ")
        let raw = try decoder.decodeLeaf(String.self, expecting: "one of \(allowed)", error: invalidValueError)
        guard let value = Self(rawValue: raw) else {
            throw decoder.invalid("expected one of \(allowed), got \"\(raw)\"", error: invalidValueError)
        }
        return value
    }
}
