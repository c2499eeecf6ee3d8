import SubscriptionMessages

/// The what-if's command-line values turned into the request's fields, each bad value named by
/// its flag (docs/what-if.md).
enum WhatIfArguments {
    /// `--price` values: `12.99` (every `--storefront`) or `USA=12.99` (that storefront), in the
    /// storefront's currency, at most three decimals; the request's storefronts in the order named.
    static func prices(_ prices: [String], storefronts: [String]) throws -> [Subscriptions_V1_StorefrontPrice] {
        guard !prices.isEmpty else { throw ControlError("--price is required: 12.99 for every --storefront, or USA=12.99 per storefront") }
        var result: [Subscriptions_V1_StorefrontPrice] = []
        func add(_ storefront: String, _ amount: Int64) throws {
            let code = storefront.uppercased()
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw ControlError("--storefront: \"\(storefront)\" is not a three-letter storefront code (ISO 3166-1 alpha-3, e.g. USA)")
            }
            guard !result.contains(where: { $0.storefront == code }) else {
                throw ControlError("--storefront: \(code) is named twice")
            }
            result.append(.with {
                $0.storefront = code
                $0.price = amount
            })
        }
        var shared: Int64?
        for price in prices {
            if let equals = price.firstIndex(of: "=") {
                try add(String(price[..<equals]), try milliunits(String(price[price.index(after: equals)...])))
            } else {
                guard shared == nil else { throw ControlError("--price: only one price without a storefront (\(price)); use USA=12.99 for each") }
                shared = try milliunits(price)
            }
        }
        if let shared {
            guard !storefronts.isEmpty else { throw ControlError("--price \(shared / 1000)…: a price without a storefront needs --storefront") }
            for storefront in storefronts where !result.contains(where: { $0.storefront == storefront.uppercased() }) {
                try add(storefront, shared)
            }
        } else {
            for storefront in storefronts where !result.contains(where: { $0.storefront == storefront.uppercased() }) {
                throw ControlError("--storefront \(storefront) has no price: add --price \(storefront.uppercased())=<amount>")
            }
        }
        return result
    }

    /// An amount in major units (`12.99`, `1500`) in milliunits (12990, 1500000).
    static func milliunits(_ text: String) throws -> Int64 {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int64(parts[0]), whole >= 0, parts[0].allSatisfy(\.isNumber),
            parts.count == 1 || (1...3).contains(parts[1].count) && parts[1].allSatisfy(\.isNumber),
            whole < 1_000_000_000_000
        else {
            throw ControlError("--price: \"\(text)\" is not an amount (a number with at most three decimals, e.g. 12.99)")
        }
        let fraction = parts.count == 2 ? String(parts[1]).padding(toLength: 3, withPad: "0", startingAt: 0) : "000"
        let amount = whole * 1000 + (Int64(fraction) ?? 0)
        guard amount > 0 else { throw ControlError("--price: \"\(text)\" must be more than 0") }
        return amount
    }

    /// `--consent-rate`: `0.8` or `80%`, in basis points (8000).
    static func consentRate(_ text: String) throws -> UInt32 {
        let percent = text.hasSuffix("%")
        let number = percent ? String(text.dropLast()) : text
        guard let value = Double(number), value.isFinite else {
            throw ControlError("--consent-rate: \"\(text)\" is not a rate (0.8 or 80%)")
        }
        let share = percent ? value / 100 : value
        guard (0...1).contains(share) else {
            throw ControlError("--consent-rate: \"\(text)\" must be between 0 and 1 (or 0% and 100%)")
        }
        return UInt32((share * 10_000).rounded())
    }
}
