import AppleErrorCatalog

/// Body of `POST /advancedCommerce/v1/subscription/changeMetadata/{transactionId}`
/// (`SubscriptionChangeMetadataRequest`): rename SKUs or change texts without touching price or billing.
public struct ChangeMetadataRequest: ValidatedRequest, Hashable {
    /// Idempotency key and tokens.
    public var requestInfo: RequestInfo
    /// New subscription descriptors.
    public var descriptors: EffectiveDescriptors?
    /// Item changes.
    public var items: [ChangeMetadataItem]?
    /// The customer's storefront.
    public var storefront: StorefrontCode?
    /// A new tax code.
    public var taxCode: TaxCode?

    public static var errorFamily: APIError.Origin { .advancedCommerceAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        requestInfo: RequestInfo, descriptors: EffectiveDescriptors? = nil, items: [ChangeMetadataItem]? = nil,
        storefront: StorefrontCode? = nil, taxCode: TaxCode? = nil
    ) {
        self.requestInfo = requestInfo
        self.descriptors = descriptors
        self.items = items
        self.storefront = storefront
        self.taxCode = taxCode
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case requestInfo, descriptors, items, storefront, taxCode
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let info = fields.required(.requestInfo, as: RequestInfo.self, missing: .nullRequestInfo)
        let descriptors = fields.optional(.descriptors, as: EffectiveDescriptors.self)
        let items = fields.nonEmptyArray(.items, of: ChangeMetadataItem.self)
        let storefront = fields.optional(.storefront, as: StorefrontCode.self)
        let taxCode = fields.optional(.taxCode, as: TaxCode.self)
        if !fields.contains(.descriptors), !fields.contains(.items), !fields.contains(.taxCode) {
            fields.record(nil, "must contain at least one of descriptors, items, taxCode")
        }
        if let descriptors, descriptors.displayName == nil, descriptors.description == nil {
            fields.record(.descriptors, "must change at least one of displayName, description")
        }
        try fields.finish()
        guard let info else { throw fields.inconsistency() }
        self.init(requestInfo: info, descriptors: descriptors, items: items, storefront: storefront, taxCode: taxCode)
    }
}

/// One item's metadata change: `currentSKU` optionally renamed to `SKU`, with new texts.
public struct ChangeMetadataItem: Codable, Sendable, Hashable {
    /// The SKU the subscription holds now.
    public var currentSKU: SKU
    /// When the change applies.
    public var effective: Effective
    /// The new SKU, if it is renamed.
    public var sku: SKU?
    /// The new display name.
    public var displayName: DisplayName?
    /// The new description.
    public var description: ProductDescription?

    /// Creates an item.
    public init(
        currentSKU: SKU, effective: Effective, sku: SKU? = nil, displayName: DisplayName? = nil,
        description: ProductDescription? = nil
    ) {
        self.currentSKU = currentSKU
        self.effective = effective
        self.sku = sku
        self.displayName = displayName
        self.description = description
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case currentSKU, effective
        case sku = "SKU"
        case displayName, description
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let current = fields.required(.currentSKU, as: SKU.self, missing: .nullCurrentSKU)
        let effective = fields.required(.effective, as: Effective.self, missing: .nullEffective)
        let sku = fields.optional(.sku, as: SKU.self)
        let name = fields.optional(.displayName, as: DisplayName.self)
        let text = fields.optional(.description, as: ProductDescription.self)
        if !fields.contains(.sku), !fields.contains(.displayName), !fields.contains(.description) {
            fields.record(nil, "must change at least one of SKU, displayName, description")
        }
        try fields.finish()
        guard let current, let effective else { throw fields.inconsistency() }
        self.init(currentSKU: current, effective: effective, sku: sku, displayName: name, description: text)
    }
}
