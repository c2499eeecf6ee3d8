import AppleErrorCatalog
import InputRules

/// Syntactic price rules (R-MOD-4): prices are integer milliunits; a charge must be positive, an
/// offer price or prorated price may be zero but not negative; none above
/// `InputRules.maximumPrice` (what no storefront charges), the same bound as on the bus.
enum PriceRules {
    /// `price` of an item: strictly positive.
    static func positive(_ price: Int64) -> String? { InputRules.priceSign(price, allowsZero: false) }

    /// Offer prices, prorated prices: zero allowed.
    static func nonNegative(_ price: Int64) -> String? { InputRules.priceSign(price, allowsZero: true) }
}

extension FieldReader {
    /// A price: its sign by `signRule` (refused with `error`, Apple's code), then its size
    /// (refused with `ValueOutOfRangeError`: a price no storefront charges is never computed).
    mutating func price(_ value: Int64?, _ key: Key, error: APIError? = nil, _ signRule: (Int64) -> String?) -> Int64? {
        check(check(value, key, error: error, signRule), key, error: .valueOutOfRange, InputRules.priceBound)
    }
}
