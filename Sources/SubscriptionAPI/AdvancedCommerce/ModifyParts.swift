/// An item removed by a modify request (`removeItems[]`): only its `SKU`.
public struct RemoveItem: Codable, Sendable, Hashable {
    /// The SKU to remove.
    public var sku: SKU

    /// Creates a remove item.
    public init(sku: SKU) { self.sku = sku }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case sku = "SKU"
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let sku = fields.required(.sku, as: SKU.self, missing: .nullSKU)
        try fields.finish()
        guard let sku else { throw fields.inconsistency() }
        self.init(sku: sku)
    }
}

/// A new billing period (`periodChange`).
public struct PeriodChange: Codable, Sendable, Hashable {
    /// When the new period applies.
    public var effective: Effective
    /// The new period.
    public var period: SubscriptionPeriod

    /// Creates a period change.
    public init(effective: Effective, period: SubscriptionPeriod) {
        self.effective = effective
        self.period = period
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case effective, period
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let effective = fields.required(.effective, as: Effective.self, missing: .nullEffective)
        let period = fields.required(.period, as: SubscriptionPeriod.self, missing: .nullPeriod)
        try fields.finish()
        guard let effective, let period else { throw fields.inconsistency() }
        self.init(effective: effective, period: period)
    }
}
