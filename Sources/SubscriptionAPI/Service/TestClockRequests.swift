import AppleErrorCatalog

/// Our body creating a test clock (docs/test-clocks.md): `frozenTime`, the clock's first now in
/// milliseconds since 1970 (required, 0 … the end of 9999), and an optional `name` (at most 100
/// characters, no control characters).
public struct TestClockCreateRequest: ValidatedRequest, Hashable {
    /// The longest name.
    public static let maximumNameLength = 100

    /// The clock's first now, in milliseconds since 1970.
    public var frozenTime: Int64
    /// Free text; may be empty.
    public var name: String

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request.
    public init(frozenTime: Int64, name: String = "") {
        self.frozenTime = frozenTime
        self.name = name
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case frozenTime, name
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let frozenTime = fields.check(fields.required(.frozenTime, as: Int64.self), .frozenTime) {
            (0...ClockAdvanceRequest.latestInstant).contains($0)
                ? nil
                : "must be milliseconds since 1970 from 0 to \(ClockAdvanceRequest.latestInstant) (the end of 9999), got \($0)"
        }
        let name = fields.check(fields.optional(.name, as: String.self), .name) {
            $0.count > Self.maximumNameLength
                ? "must be at most \(Self.maximumNameLength) characters, got \($0.count)"
                : $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "must not hold control characters" : nil
        }
        try fields.finish()
        guard let frozenTime else { throw fields.inconsistency() }
        self.init(frozenTime: frozenTime, name: name ?? "")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(frozenTime, forKey: .frozenTime)
        if !name.isEmpty { try container.encode(name, forKey: .name) }
    }
}
