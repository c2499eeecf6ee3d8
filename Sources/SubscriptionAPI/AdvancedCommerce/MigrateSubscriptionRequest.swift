import AppleErrorCatalog

/// Body of `POST /advancedCommerce/v1/subscription/migrate/{transactionId}` (`SubscriptionMigrateRequest`):
/// move an App Store Connect subscription to Advanced Commerce under `targetProductId`.
public struct MigrateSubscriptionRequest: ValidatedRequest, Hashable {
    /// Idempotency key and tokens.
    public var requestInfo: RequestInfo
    /// The migrated subscription's name and description.
    public var descriptors: Descriptors
    /// The items after migration.
    public var items: [MigrateItem]
    /// The generic product the subscription moves to.
    public var targetProductId: String
    /// Apple tax code.
    public var taxCode: TaxCode
    /// Items that replace `items` at the next renewal (required when changes are pending).
    public var renewalItems: [MigrateItem]?
    /// The customer's storefront.
    public var storefront: StorefrontCode?

    public static var errorFamily: APIError.Origin { .advancedCommerceAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        requestInfo: RequestInfo, descriptors: Descriptors, items: [MigrateItem], targetProductId: String,
        taxCode: TaxCode, renewalItems: [MigrateItem]? = nil, storefront: StorefrontCode? = nil
    ) {
        self.requestInfo = requestInfo
        self.descriptors = descriptors
        self.items = items
        self.targetProductId = targetProductId
        self.taxCode = taxCode
        self.renewalItems = renewalItems
        self.storefront = storefront
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case requestInfo, descriptors, items, targetProductId, taxCode, renewalItems, storefront
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let info = fields.required(.requestInfo, as: RequestInfo.self, missing: .nullRequestInfo)
        let descriptors = fields.required(.descriptors, as: Descriptors.self, missing: .nullDescriptors)
        let items = fields.check(
            fields.required(.items, as: [MigrateItem].self, missing: .nullItems), .items, error: .nullItems
        ) { $0.isEmpty ? "must hold at least one item" : nil }
        let target = fields.check(fields.required(.targetProductId, as: String.self), .targetProductId) {
            SKU.rule.problem(with: $0)?.message
        }
        let taxCode = fields.required(.taxCode, as: TaxCode.self, missing: .nullTaxCode)
        let renewal = fields.nonEmptyArray(.renewalItems, of: MigrateItem.self)
        let storefront = fields.optional(.storefront, as: StorefrontCode.self)
        try fields.finish()
        guard let info, let descriptors, let items, let target, let taxCode else { throw fields.inconsistency() }
        self.init(
            requestInfo: info, descriptors: descriptors, items: items, targetProductId: target, taxCode: taxCode,
            renewalItems: renewal, storefront: storefront)
    }
}

/// An item of a migrated subscription: `SKU`, `displayName`, `description`.
public struct MigrateItem: Codable, Sendable, Hashable {
    /// The SKU.
    public var sku: SKU
    /// The item's name.
    public var displayName: DisplayName
    /// The item's description.
    public var description: ProductDescription

    /// Creates an item.
    public init(sku: SKU, displayName: DisplayName, description: ProductDescription) {
        self.sku = sku
        self.displayName = displayName
        self.description = description
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case sku = "SKU"
        case displayName, description
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let sku = fields.required(.sku, as: SKU.self, missing: .nullSKU)
        let name = fields.required(.displayName, as: DisplayName.self, missing: .nullDisplayName)
        let text = fields.required(.description, as: ProductDescription.self, missing: .nullDescription)
        try fields.finish()
        guard let sku, let name, let text else { throw fields.inconsistency() }
        self.init(sku: sku, displayName: name, description: text)
    }
}
