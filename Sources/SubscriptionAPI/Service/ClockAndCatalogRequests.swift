import AppleErrorCatalog

/// Our test-clock body (R-REN-3): advance to an instant (`advanceTo`, milliseconds since 1970) or by
/// a duration (`advanceBy`, ISO 8601, any parts: years and months are calendar arithmetic in UTC,
/// applied by the consumer) — exactly one of the two.
public struct ClockAdvanceRequest: ValidatedRequest, Hashable {
    /// 9999-12-31T23:59:59.999Z in milliseconds: the last instant a protobuf `Timestamp` holds.
    public static let latestInstant: Int64 = 253_402_300_799_999

    /// How far to move the clock.
    public enum Target: Hashable, Sendable {
        /// To this instant, in milliseconds since 1970.
        case instant(milliseconds: Int64)
        /// By this duration.
        case duration(ISODuration)
    }

    /// How far to move the clock.
    public var target: Target

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request.
    public init(_ target: Target) {
        self.target = target
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case advanceTo, advanceBy
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let instant = fields.check(fields.optional(.advanceTo, as: Int64.self), .advanceTo) {
            (0...Self.latestInstant).contains($0)
                ? nil : "must be milliseconds since 1970 from 0 to \(Self.latestInstant) (the end of 9999), got \($0)"
        }
        let duration = fields.check(fields.optional(.advanceBy, as: ISODuration.self), .advanceBy) {
            $0.isZero ? "must be longer than zero" : nil
        }
        switch (fields.contains(.advanceTo), fields.contains(.advanceBy)) {
        case (false, false): fields.record(nil, "must contain one of advanceTo, advanceBy", kind: .missingField)
        case (true, true): fields.record(.advanceBy, "not allowed together with advanceTo")
        default: break
        }
        try fields.finish()
        if let instant {
            self.init(.instant(milliseconds: instant))
        } else if let duration {
            self.init(.duration(duration))
        } else {
            throw fields.inconsistency()
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch target {
        case .instant(let milliseconds): try container.encode(milliseconds, forKey: .advanceTo)
        case .duration(let duration): try container.encode(duration, forKey: .advanceBy)
        }
    }
}

/// Our catalog-reload body (R-CAT-1): `{}`. The consumer reloads the catalog file it was started
/// with (`CATALOG_PATH`); a caller never names a file on the consumer's host, so the former
/// `catalogPath` is refused, naming it.
public struct CatalogReloadRequest: ValidatedRequest, Hashable {
    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request.
    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case catalogPath
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        if fields.contains(.catalogPath) {
            fields.record(
                .catalogPath,
                "is no longer accepted: the consumer reloads the catalog file it was started with (CATALOG_PATH); send {}")
        }
        try fields.finish()
        self.init()
    }

    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: CodingKeys.self)
    }
}
