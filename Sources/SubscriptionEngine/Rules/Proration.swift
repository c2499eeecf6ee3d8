/// Prorated refund on an upgrade (R-GRP-2, seed 002):
/// `price × (expires − switch) / (expires − purchase)` in integer milliunits, rounded half
/// to even (banker's rounding), computed without overflow.
enum Proration {
    static func refund(price: Milliunits, purchase: Timestamp, expires: Timestamp, switchDate: Timestamp) -> Milliunits {
        let total = purchase.milliseconds(to: expires)
        let unused = min(max(switchDate.milliseconds(to: expires), 0), total)
        guard total > 0, price.rawValue > 0 else { return .zero }
        return Milliunits(divideHalfEven(price.rawValue, times: unused, by: total))
    }

    /// `value × numerator / denominator` rounded half to even; all arguments non-negative.
    static func divideHalfEven(_ value: Int64, times numerator: Int64, by denominator: Int64) -> Int64 {
        let product = value.multipliedFullWidth(by: numerator)
        let (quotient, remainder) = denominator.dividingFullWidth(product)
        let twice = remainder.magnitude * 2
        if twice > denominator.magnitude || (twice == denominator.magnitude && quotient % 2 != 0) {
            return quotient + 1
        }
        return quotient
    }
}
