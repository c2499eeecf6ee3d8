/// A planned price change of one product, asked for one page of its subscriptions
/// (docs/what-if.md, R-WIF-1…5). Validated by ``SubscriptionEngine/priceChangeWhatIf(_:at:store:)``.
public struct PriceChangeWhatIfRequest: Sendable, Hashable {
    /// The product whose price changes: the in-app product id, which is the SKU of the item it
    /// changes.
    public var productId: String
    /// The storefronts asked about and their new prices, in the order the answer keeps.
    public var prices: [WhatIfPrice]
    /// Who is assumed to consent when asked.
    public var consent: ConsentAssumption
    /// The first `originalTransactionId` of the page (inclusive); empty = the first page.
    public var cursor: String
    /// How many subscriptions of the product (any storefront) the page reads.
    public var limit: Int

    /// The page size when the request names none.
    public static let defaultLimit = 200
    /// The largest page: bounds the work (and the memory) of one transaction.
    public static let maximumLimit = 1000

    public init(productId: String, prices: [WhatIfPrice], consent: ConsentAssumption, cursor: String = "", limit: Int) {
        self.productId = productId
        self.prices = prices
        self.consent = consent
        self.cursor = cursor
        self.limit = limit
    }
}

/// The new price of the product in one storefront.
public struct WhatIfPrice: Sendable, Hashable {
    public var storefront: StorefrontCode
    public var price: Milliunits

    public init(storefront: StorefrontCode, price: Milliunits) {
        self.storefront = storefront
        self.price = price
    }
}

/// One page of a price-change what-if.
public struct PriceChangeWhatIfPage: Sendable, Hashable {
    /// One entry per requested storefront, in the request's order.
    public var storefronts: [StorefrontWhatIf]
    /// Subscriptions of the product read in this page (every storefront).
    public var scanned: Int
    /// Where the next page starts; nil when this page was the last.
    public var nextCursor: String?
    /// The instant the change was asked at (the clock's now).
    public var asOf: Timestamp
}

/// What one storefront's subscriptions in one page would see (R-WIF-2, R-WIF-3).
public struct StorefrontWhatIf: Sendable, Hashable {
    public var storefront: StorefrontCode
    /// Subscriptions of the product in this storefront read in the page.
    public var subscriptions = 0
    /// The price change would be refused for these (R-PRC-2 and the command's other refusals).
    public var notEligible = 0
    /// Eligible increases that need consent (R-PRC-3).
    public var consentRequired = 0
    /// Eligible increases that need none (R-PRC-6).
    public var withoutConsent = 0
    /// Eligible decreases (R-PRC-7).
    public var decreases = 0
    /// Of ``consentRequired``, those assumed to consent.
    public var assumedConsents = 0
    /// Subscriptions that end with `EXPIRED/PRICE_INCREASE`.
    public var expiredPriceIncrease = 0
    /// Subscriptions that renew at the new price.
    public var renewedAtNewPrice = 0
    /// `SUBSCRIBER_COMMUNICATION` events of the change (one per channel and instant).
    public var communications = 0
    public var firstCommunication: Timestamp?
    public var lastCommunication: Timestamp?
    /// The renewals the new price applies at.
    public var firstEffectiveDate: Timestamp?
    public var lastEffectiveDate: Timestamp?

    public init(storefront: StorefrontCode) { self.storefront = storefront }
}
