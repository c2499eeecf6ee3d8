import Foundation

/// Why a catalog could not be loaded: the JSON path of the bad entry and what is wrong.
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Path such as `products[3].prices.USA.price`.
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}

extension Catalog {
    /// Decodes and validates a catalog; the error names the offending entry.
    public static func decode(fromJSON bytes: [UInt8]) throws(CatalogError) -> Catalog {
        try decode(fromJSON: Data(bytes))
    }

    /// Decodes and validates a catalog; the error names the offending entry.
    public static func decode(fromJSON data: Data) throws(CatalogError) -> Catalog {
        let catalog: Catalog
        do {
            catalog = try JSONDecoder().decode(Catalog.self, from: data)
        } catch let error as DecodingError {
            throw CatalogError(decoding: error)
        } catch {
            throw CatalogError(path: "$", message: "\(error)")
        }
        try catalog.validate()
        return catalog
    }

    /// Checks the rules JSON decoding cannot express.
    func validate() throws(CatalogError) {
        let groupIds = Set(groups.map(\.id))
        var seen = Set<String>()
        for (index, product) in products.enumerated() {
            let path = "products[\(index)]"
            guard !product.productId.isEmpty else { throw CatalogError(path: "\(path).productId", message: "must not be empty") }
            guard seen.insert(product.productId).inserted else {
                throw CatalogError(path: "\(path).productId", message: "duplicate product id '\(product.productId)'")
            }
            guard groupIds.contains(product.groupId) else {
                throw CatalogError(path: "\(path).groupId", message: "unknown group '\(product.groupId)'")
            }
            guard product.level >= 1 else { throw CatalogError(path: "\(path).level", message: "must be >= 1, got \(product.level)") }
            guard !product.prices.isEmpty else { throw CatalogError(path: "\(path).prices", message: "must not be empty") }
            try validatePrices(product.prices, path: "\(path).prices")
            if let offer = product.introductoryOffer {
                try validate(offer, of: product, path: "\(path).introductoryOffer")
            }
            for (identifier, offer) in (product.offers ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard offer.offerType != .introductory else {
                    throw CatalogError(path: "\(path).offers.\(identifier).offerType", message: "introductory offers go in introductoryOffer")
                }
                try validate(offer.offer, of: product, path: "\(path).offers.\(identifier).offer")
            }
        }
        for (index, product) in advancedCommerce.enumerated() {
            let path = "advancedCommerce[\(index)]"
            guard seen.insert(product.productId).inserted else {
                throw CatalogError(path: "\(path).productId", message: "duplicate product id '\(product.productId)'")
            }
            guard groupIds.contains(product.groupId) else {
                throw CatalogError(path: "\(path).groupId", message: "unknown group '\(product.groupId)'")
            }
            guard !product.skus.isEmpty else { throw CatalogError(path: "\(path).skus", message: "must not be empty") }
        }
        if let days = policy.gracePeriodDays, !(1...28).contains(days) {
            throw CatalogError(path: "policy.gracePeriodDays", message: "must be 1...28 or null, got \(days)")
        }
        guard policy.billingRetryDays > 0 else {
            throw CatalogError(path: "policy.billingRetryDays", message: "must be > 0, got \(policy.billingRetryDays)")
        }
    }

    private func validatePrices(_ prices: [String: StorefrontPrice], path: String) throws(CatalogError) {
        for (storefront, price) in prices.sorted(by: { $0.key < $1.key }) {
            guard storefront.count == 3, storefront == storefront.uppercased() else {
                throw CatalogError(path: "\(path).\(storefront)", message: "storefront must be an alpha-3 code")
            }
            guard price.price > .zero else {
                throw CatalogError(path: "\(path).\(storefront).price", message: "must be > 0, got \(price.price.rawValue)")
            }
            guard price.currency.rawValue.count == 3 else {
                throw CatalogError(path: "\(path).\(storefront).currency", message: "'\(price.currency)' is not ISO 4217")
            }
            if price.currency != .usd, policy.exchangeRatesToUSD[price.currency.rawValue] == nil {
                throw CatalogError(
                    path: "policy.exchangeRatesToUSD.\(price.currency)",
                    message: "missing rate for \(price.currency) used by \(path).\(storefront)")
            }
        }
    }

    private func validate(_ offer: IntroductoryOffer, of product: Product, path: String) throws(CatalogError) {
        guard (1...12).contains(offer.periodCount) else {
            throw CatalogError(path: "\(path).periodCount", message: "must be 1...12, got \(offer.periodCount)")
        }
        switch offer.type {
        case .freeTrial:
            return
        case .payAsYouGo, .payUpFront:
            guard let prices = offer.prices, !prices.isEmpty else {
                throw CatalogError(path: "\(path).prices", message: "required for \(offer.type.rawValue)")
            }
            for (storefront, price) in prices.sorted(by: { $0.key < $1.key }) {
                guard let regular = product.prices[storefront], regular.currency == price.currency else {
                    throw CatalogError(path: "\(path).prices.\(storefront)", message: "no regular price in that currency")
                }
                guard price.price >= .zero else {
                    throw CatalogError(path: "\(path).prices.\(storefront).price", message: "must be >= 0")
                }
            }
        case .oneTime:
            throw CatalogError(path: "\(path).type", message: "ONE_TIME is not an introductory offer type")
        }
    }
}

extension CatalogError {
    init(decoding error: DecodingError) {
        func render(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return text.isEmpty ? "$" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: render(context.codingPath + [key]), message: "is required")
        case .typeMismatch(let type, let context):
            self.init(path: render(context.codingPath), message: "expected \(type)")
        case .valueNotFound(let type, let context):
            self.init(path: render(context.codingPath), message: "expected \(type), found null")
        case .dataCorrupted(let context):
            // At the root Foundation's text names its own internals; say it in plain words.
            self.init(
                path: render(context.codingPath),
                message: context.codingPath.isEmpty ? "the document is not valid JSON" : context.debugDescription)
        @unknown default:
            self.init(path: "$", message: "\(error)")
        }
    }
}
