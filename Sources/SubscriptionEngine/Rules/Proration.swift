/// Prorated refund on an upgrade (R-GRP-2, seed 002):
/// `price × (expires − switch) / (expires − purchase)` in integer milliunits, rounded half
/// to even (banker's rounding), computed without overflow; a refusal when the dates or the
/// price are beyond what the service computes with.
enum Proration {
    static func refund(
        price: Milliunits, purchase: Timestamp, expires: Timestamp, switchDate: Timestamp
    ) throws(EngineRejection) -> Milliunits {
        let total = try purchase.milliseconds(to: expires)
        let unused = min(max(try switchDate.milliseconds(to: expires), 0), total)
        guard total > 0, price.rawValue > 0 else { return .zero }
        return try price.scaled(by: unused, over: total)
    }
}
