/// The subscription's name and description as the customer sees them (`descriptors` of create and
/// migrate requests: both fields required).
public struct Descriptors: Codable, Sendable, Hashable {
    /// The subscription's display name.
    public var displayName: DisplayName
    /// The subscription's description.
    public var description: ProductDescription

    /// Creates descriptors.
    public init(displayName: DisplayName, description: ProductDescription) {
        self.displayName = displayName
        self.description = description
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case displayName, description
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let name = fields.required(.displayName, as: DisplayName.self, missing: .nullDisplayName)
        let text = fields.required(.description, as: ProductDescription.self, missing: .nullDescription)
        try fields.finish()
        guard let name, let text else { throw fields.inconsistency() }
        self.init(displayName: name, description: text)
    }
}

/// Changed descriptors with the time they apply (`descriptors` of modify and change-metadata requests).
public struct EffectiveDescriptors: Codable, Sendable, Hashable {
    /// When the change applies.
    public var effective: Effective
    /// The new display name, if it changes.
    public var displayName: DisplayName?
    /// The new description, if it changes.
    public var description: ProductDescription?

    /// Creates descriptors.
    public init(effective: Effective, displayName: DisplayName? = nil, description: ProductDescription? = nil) {
        self.effective = effective
        self.displayName = displayName
        self.description = description
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case effective, displayName, description
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let effective = fields.required(.effective, as: Effective.self, missing: .nullEffective)
        let name = fields.optional(.displayName, as: DisplayName.self)
        let text = fields.optional(.description, as: ProductDescription.self)
        try fields.finish()
        guard let effective else { throw fields.inconsistency() }
        self.init(effective: effective, displayName: name, description: text)
    }
}
