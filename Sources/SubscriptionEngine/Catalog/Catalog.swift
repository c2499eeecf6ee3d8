/// The product catalog and app-wide policy (R-CAT-1, R-CAT-2), loaded from JSON with
/// `Catalog.decode(fromJSON:)`. Re-create the engine with a new catalog to reload it.
public struct Catalog: Codable, Sendable, Hashable {
    /// The app the subscriptions belong to (stamped on every event).
    public var app: AppInfo
    /// App-wide rules: grace period, billing retry, consent storefronts, exchange rates.
    public var policy: AppPolicy
    /// Subscription groups.
    public var groups: [SubscriptionGroup]
    /// In-app auto-renewable products.
    public var products: [Product]
    /// Advanced Commerce generic products and their SKUs.
    public var advancedCommerce: [AdvancedCommerceProduct]

    public init(
        app: AppInfo, policy: AppPolicy, groups: [SubscriptionGroup], products: [Product],
        advancedCommerce: [AdvancedCommerceProduct] = []
    ) {
        self.app = app
        self.policy = policy
        self.groups = groups
        self.products = products
        self.advancedCommerce = advancedCommerce
    }

    /// The in-app product with this id.
    public func product(_ productId: String) -> Product? { products.first { $0.productId == productId } }

    /// The Advanced Commerce product with this generic product id.
    public func advancedCommerceProduct(_ productId: String) -> AdvancedCommerceProduct? {
        advancedCommerce.first { $0.productId == productId }
    }

    /// The Advanced Commerce product that sells `sku`.
    public func advancedCommerceProduct(sellingSKU sku: String) -> AdvancedCommerceProduct? {
        advancedCommerce.first { product in product.skus.contains { $0.sku == sku } }
    }
}

/// The app's identity as Apple reports it in notifications.
public struct AppInfo: Codable, Sendable, Hashable {
    public var bundleId: String
    /// `appAppleId`; 0 in sandbox.
    public var appAppleId: Int64
    public var bundleVersion: String
    public var environment: Environment

    public init(bundleId: String, appAppleId: Int64, bundleVersion: String, environment: Environment) {
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.bundleVersion = bundleVersion
        self.environment = environment
    }
}

/// A subscription group: a customer holds at most one active subscription per group (R-GRP-1).
public struct SubscriptionGroup: Codable, Sendable, Hashable {
    public var id: String
    public var name: String
}

/// A price in one storefront: currency and integer milliunits.
public struct StorefrontPrice: Codable, Sendable, Hashable {
    public var currency: CurrencyCode
    public var price: Milliunits

    public init(currency: CurrencyCode, price: Milliunits) {
        self.currency = currency
        self.price = price
    }
}

/// An in-app auto-renewable subscription product (R-CAT-1).
public struct Product: Codable, Sendable, Hashable {
    public var productId: String
    public var groupId: String
    /// Service level, 1 = highest.
    public var level: Int
    public var period: ISOPeriod
    /// Price per storefront, keyed by alpha-3 storefront code.
    public var prices: [String: StorefrontPrice]
    public var introductoryOffer: IntroductoryOffer?
    /// Promotional, offer-code and win-back offers by offer identifier (optional in JSON).
    public var offers: [String: ProductOffer]?
    public var familyShareable: Bool

    /// The price in `storefront`, if the product is sold there.
    public func price(in storefront: StorefrontCode) -> StorefrontPrice? { prices[storefront.rawValue] }
}

/// An introductory offer of a product (R-INT-1, R-INT-2).
public struct IntroductoryOffer: Codable, Sendable, Hashable {
    /// `FREE_TRIAL`, `PAY_AS_YOU_GO` or `PAY_UP_FRONT`.
    public var type: OfferDiscountType
    /// Length of one offer period (for pay as you go: must equal the product's period).
    public var period: ISOPeriod
    /// Number of offer periods (1 for free trials and pay up front).
    public var periodCount: Int
    /// Offer price per storefront (per period for pay as you go, total for pay up front);
    /// absent for free trials.
    public var prices: [String: StorefrontPrice]?
}

/// A promotional, offer-code or win-back offer of a product, redeemed by its identifier.
public struct ProductOffer: Codable, Sendable, Hashable {
    /// `promotional`, `offerCode` or `winBack` (Apple's `offerType` 2, 3, 4).
    public var offerType: OfferType
    /// The discount: free trial, pay as you go or pay up front, as for introductory offers.
    public var offer: IntroductoryOffer
}

/// An Advanced Commerce generic product and the SKUs it may sell.
public struct AdvancedCommerceProduct: Codable, Sendable, Hashable {
    public var productId: String
    public var groupId: String
    public var skus: [AdvancedCommerceSKU]
}

/// One SKU that Advanced Commerce requests may name (unknown SKUs are rejected, R-MOD-4).
public struct AdvancedCommerceSKU: Codable, Sendable, Hashable {
    public var sku: String
    public var displayName: String
    public var description: String
}
