/// Syntactic price rules (R-MOD-4): prices are integer milliunits; a charge must be positive, an
/// offer price or prorated price may be zero but not negative.
enum PriceRules {
    /// `price` of an item: strictly positive.
    static func positive(_ price: Int64) -> String? {
        price > 0 ? nil : "must be > 0, got \(price)"
    }

    /// Offer prices, prorated prices: zero allowed.
    static func nonNegative(_ price: Int64) -> String? {
        price >= 0 ? nil : "must be >= 0, got \(price)"
    }
}
