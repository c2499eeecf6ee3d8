import Foundation
import SubscriptionMessages
import SwiftProtobuf

/// The pages of a what-if added up per storefront, and shown as a table or JSON.
struct WhatIfTotals {
    /// Per storefront, in the request's order.
    private(set) var storefronts: [Subscriptions_V1_StorefrontWhatIf]
    private(set) var scanned = 0
    private(set) var pages = 0
    /// The first page's now.
    private(set) var asOf: Date?

    init(storefronts: [String]) {
        self.storefronts = storefronts.map { code in .with { $0.storefront = code } }
    }

    /// Adds one page.
    mutating func add(_ page: Subscriptions_V1_PriceChangeWhatIfReply) {
        pages += 1
        scanned += Int(page.scanned)
        if asOf == nil, page.hasAsOf { asOf = page.asOf.date }
        for answer in page.storefronts {
            guard let index = storefronts.firstIndex(where: { $0.storefront == answer.storefront }) else { continue }
            storefronts[index] = Self.sum(storefronts[index], answer)
        }
    }

    /// Every storefront added up (the table's total line).
    var total: Subscriptions_V1_StorefrontWhatIf {
        storefronts.reduce(Subscriptions_V1_StorefrontWhatIf.with { $0.storefront = "TOTAL" }) { Self.sum($0, $1) }
    }

    private static func sum(_ a: Subscriptions_V1_StorefrontWhatIf, _ b: Subscriptions_V1_StorefrontWhatIf) -> Subscriptions_V1_StorefrontWhatIf {
        var result = a
        result.subscriptions += b.subscriptions
        result.notEligible += b.notEligible
        result.consentRequired += b.consentRequired
        result.withoutConsent += b.withoutConsent
        result.decreases += b.decreases
        result.assumedConsents += b.assumedConsents
        result.expiredPriceIncrease += b.expiredPriceIncrease
        result.renewedAtNewPrice += b.renewedAtNewPrice
        result.communications += b.communications
        func earlier(_ x: Google_Protobuf_Timestamp?, _ y: Google_Protobuf_Timestamp?) -> Google_Protobuf_Timestamp? {
            [x, y].compactMap { $0 }.min { $0.date < $1.date }
        }
        func later(_ x: Google_Protobuf_Timestamp?, _ y: Google_Protobuf_Timestamp?) -> Google_Protobuf_Timestamp? {
            [x, y].compactMap { $0 }.max { $0.date < $1.date }
        }
        if let t = earlier(a.hasFirstCommunication ? a.firstCommunication : nil, b.hasFirstCommunication ? b.firstCommunication : nil) { result.firstCommunication = t }
        if let t = later(a.hasLastCommunication ? a.lastCommunication : nil, b.hasLastCommunication ? b.lastCommunication : nil) { result.lastCommunication = t }
        if let t = earlier(a.hasFirstEffectiveDate ? a.firstEffectiveDate : nil, b.hasFirstEffectiveDate ? b.firstEffectiveDate : nil) { result.firstEffectiveDate = t }
        if let t = later(a.hasLastEffectiveDate ? a.lastEffectiveDate : nil, b.hasLastEffectiveDate ? b.lastEffectiveDate : nil) { result.lastEffectiveDate = t }
        return result
    }

    /// The columns of the table.
    static let header = [
        "STOREFRONT", "SUBSCRIPTIONS", "NOT ELIGIBLE", "NEED CONSENT", "NO CONSENT", "DECREASE", "CONSENT (ASSUMED)",
        "EXPIRE (PRICE_INCREASE)", "RENEW AT NEW PRICE", "MESSAGES", "FIRST MESSAGE", "LAST MESSAGE", "APPLIES FROM", "APPLIES UNTIL",
    ]

    /// The table: a header, one line per storefront, the total; columns aligned, dates ISO 8601 (`-` when none).
    func table() -> [String] {
        let rows = [Self.header] + (storefronts + [total]).map(Self.cells)
        let widths = Self.header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == 0 || column >= 10
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }

    private static func cells(_ answer: Subscriptions_V1_StorefrontWhatIf) -> [String] {
        func date(_ has: Bool, _ timestamp: Google_Protobuf_Timestamp) -> String {
            has ? timestamp.date.formatted(.iso8601) : "-"
        }
        return [
            answer.storefront, "\(answer.subscriptions)", "\(answer.notEligible)", "\(answer.consentRequired)",
            "\(answer.withoutConsent)", "\(answer.decreases)", "\(answer.assumedConsents)", "\(answer.expiredPriceIncrease)",
            "\(answer.renewedAtNewPrice)", "\(answer.communications)",
            date(answer.hasFirstCommunication, answer.firstCommunication), date(answer.hasLastCommunication, answer.lastCommunication),
            date(answer.hasFirstEffectiveDate, answer.firstEffectiveDate), date(answer.hasLastEffectiveDate, answer.lastEffectiveDate),
        ]
    }

    /// One JSON object (sorted keys): the question, then per storefront and the total, as protobuf JSON names.
    func json(productId: String, prices: [Subscriptions_V1_StorefrontPrice], consentRateBasisPoints: UInt32) throws -> String {
        func object(_ answer: Subscriptions_V1_StorefrontWhatIf) -> [String: Any] {
            var fields: [String: Any] = [
                "storefront": answer.storefront, "subscriptions": answer.subscriptions, "notEligible": answer.notEligible,
                "consentRequired": answer.consentRequired, "withoutConsent": answer.withoutConsent, "decreases": answer.decreases,
                "assumedConsents": answer.assumedConsents, "expiredPriceIncrease": answer.expiredPriceIncrease,
                "renewedAtNewPrice": answer.renewedAtNewPrice, "communications": answer.communications,
            ]
            if answer.hasFirstCommunication { fields["firstCommunication"] = answer.firstCommunication.date.formatted(.iso8601) }
            if answer.hasLastCommunication { fields["lastCommunication"] = answer.lastCommunication.date.formatted(.iso8601) }
            if answer.hasFirstEffectiveDate { fields["firstEffectiveDate"] = answer.firstEffectiveDate.date.formatted(.iso8601) }
            if answer.hasLastEffectiveDate { fields["lastEffectiveDate"] = answer.lastEffectiveDate.date.formatted(.iso8601) }
            return fields
        }
        var document: [String: Any] = [
            "productId": productId, "consentRateBasisPoints": consentRateBasisPoints, "scanned": scanned, "pages": pages,
            "prices": prices.map { ["storefront": $0.storefront, "price": $0.price] as [String: Any] },
            "storefronts": storefronts.map(object), "total": object(total),
        ]
        if let asOf { document["asOf"] = asOf.formatted(.iso8601) }
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
