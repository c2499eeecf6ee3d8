/// Amounts in milliunits (the wire's `price`) shown in their currency's minor units:
/// `USD 29.97`, `JPY 1200`, `KWD 1.250`.
enum Money {
    /// ISO 4217 currencies without minor units, and those with three.
    private static let noMinorUnits: Set<String> = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]
    private static let threeMinorUnits: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]

    /// Digits after the decimal point for `currency`.
    static func minorUnits(of currency: String) -> Int {
        if noMinorUnits.contains(currency) { return 0 }
        if threeMinorUnits.contains(currency) { return 3 }
        return 2
    }

    /// `milliunits` rounded half away from zero to the currency's minor unit, e.g. 29970 USD → `USD 29.97`.
    static func format(milliunits: Int64, currency: String) -> String {
        let digits = minorUnits(of: currency)
        var divisor: Int64 = 1
        for _ in 0..<(3 - digits) { divisor *= 10 }
        let magnitude = milliunits.magnitude
        let minor = (magnitude + UInt64(divisor / 2)) / UInt64(divisor)
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let sign = milliunits < 0 ? "-" : ""
        let whole = minor / scale
        guard digits > 0 else { return "\(currency) \(sign)\(whole)" }
        let fraction = String(minor % scale)
        let padded = String(repeating: "0", count: digits - fraction.count) + fraction
        return "\(currency) \(sign)\(whole).\(padded)"
    }
}
