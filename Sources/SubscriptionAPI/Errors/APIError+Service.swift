/// This service's own codes, for problems Apple defines no code for. They live in `4009000…4009999`
/// (HTTP 400), a range Apple does not use, so a client can tell them from Apple's at a glance.
extension APIError {
    private static func service(_ code: Int64, _ name: String, _ message: String) -> APIError {
        APIError(errorCode: code, name: name, message: message, origin: .service)
    }

    /// The body is not valid JSON (RFC 8259), or holds a duplicate key.
    public static let malformedJSON = service(4_009_000, "MalformedJSONError", "The body is not valid JSON.")
    /// The body holds a key the request does not define at that place.
    public static let unknownField = service(4_009_001, "UnknownFieldError", "The body holds an unknown field.")
    /// A required field is missing or null.
    public static let missingField = service(4_009_002, "MissingFieldError", "A required field is missing.")
    /// A field holds a value of the wrong JSON type.
    public static let wrongType = service(4_009_003, "WrongTypeError", "A field has the wrong type.")
    /// A field's value is out of range or badly formatted.
    public static let invalidValue = service(4_009_004, "InvalidValueError", "A field has an invalid value.")

    /// The service part of ``catalog``.
    public static let serviceErrors: [APIError] = [
        malformedJSON, unknownField, missingField, wrongType, invalidValue,
    ]
}
