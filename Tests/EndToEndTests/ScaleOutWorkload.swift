import Foundation

/// The mixed workload of the scale-out proof (docs/scale-out.md, "The proof"): the same HTTP
/// requests, with the same idempotency keys, in every run, so two deployments that apply them
/// must end in the same state.
///
/// A slice is one test clock and its customers. Each customer's requests go one after another
/// (a client that waits for each reply); customers run concurrently. Phases are separated by
/// barriers (every request of the phase answered) and clock advances, so what a command sees
/// of time never depends on how replicas interleave: purchases and phase A at the clock's
/// start, five days, phase B, a month, phase C, a mass extension, a month, phase D, two months.
struct ScaleOutWorkload: Sendable {
    /// One request: an HTTP method, path and JSON body, and the key that makes it one command.
    struct Request: Sendable {
        var method: String
        var path: String
        /// The JSON body as text (`nil`: none); parsed when sent.
        var body: String?
        var key: String
    }

    /// A slice: its number (part of every key and customer id) and its customer count.
    struct Slice: Sendable {
        var number: Int
        var customers: Int

        var clockKey: String { "proof-clock-\(number)" }
        /// The instant the slice's clock starts at: 2030-01-01, a day later per slice.
        var clockStart: Int64 { 1_893_456_000_000 + Int64(number) * 86_400_000 }
        func customer(_ index: Int) -> String { "proof-\(number)-\(index)" }
    }

    /// The products customers buy, by `index % 4`: two without an introductory offer, two
    /// with a free trial (extensions and price changes wait until it has ended).
    static let products = ["news.basic.monthly", "news.standard.monthly", "news.premium.monthly", "news.premium.bimonthly"]
    /// What a customer switches to, by the product bought: an upgrade, a downgrade (deferred to
    /// the renewal) and two crossgrades.
    static let switches = [
        "news.basic.monthly": "news.standard.monthly", "news.standard.monthly": "news.basic.monthly",
        "news.premium.monthly": "news.premium.bimonthly", "news.premium.bimonthly": "news.premium.monthly",
    ]

    private static func hasTrial(_ index: Int) -> Bool { index % 4 == 1 || index % 4 == 2 }

    /// The purchase of customer `index`.
    static func purchase(_ slice: Slice, _ index: Int) -> Request {
        Request(
            method: "POST", path: "v1/purchases",
            body: json(["customerId": slice.customer(index), "productId": products[index % 4], "storefront": "USA"]),
            key: "proof-purchase-\(slice.number)-\(index)")
    }

    /// Phase A, right after the purchase: an extension (no trial), a switch for every third,
    /// auto-renew off for every fifth, a status read.
    static func phaseA(_ slice: Slice, _ index: Int, subscription id: String) -> [Request] {
        var requests: [Request] = []
        if !hasTrial(index) { requests.append(extend(slice, index, id, days: index % 7 + 1, step: 1)) }
        if index % 3 == 0, let target = switches[products[index % 4]] {
            requests.append(
                Request(
                    method: "POST", path: "v1/subscriptions/switchProduct",
                    body: json(["originalTransactionId": id, "productId": target]), key: "proof-switch-\(slice.number)-\(index)"))
        }
        if index % 5 == 0 { requests.append(autoRenew(slice, index, id, on: false)) }
        requests.append(
            Request(
                method: "GET", path: "inApps/v1/subscriptions/\(id)", body: nil, key: "proof-status-\(slice.number)-\(index)"))
        return requests
    }

    /// Phase B, five days later: auto-renew back on for every tenth, a failing payment method
    /// for every sixth from 2, a second extension for every other without a trial, a
    /// transaction read.
    static func phaseB(_ slice: Slice, _ index: Int, subscription id: String) -> [Request] {
        var requests: [Request] = []
        if index % 10 == 0 { requests.append(autoRenew(slice, index, id, on: true)) }
        if index % 6 == 2 { requests.append(paymentOutcome(slice, index, id, "CHARGE_FAILED")) }
        if index % 2 == 0, !hasTrial(index) { requests.append(extend(slice, index, id, days: 3, step: 2)) }
        requests.append(
            Request(
                method: "GET", path: "inApps/v1/transactions/\(id)", body: nil, key: "proof-transaction-\(slice.number)-\(index)"))
        return requests
    }

    /// Phase C, a month on (renewals, trials ended, billing retries): the failing payment
    /// methods fixed (a recovery), a price increase for plain monthly subscribers who did not
    /// switch (a large one that needs consent, or a small one that does not), an extension for
    /// those who had an introductory offer and still renew, a history read.
    static func phaseC(_ slice: Slice, _ index: Int, subscription id: String) -> [Request] {
        var requests: [Request] = []
        if index % 6 == 2 { requests.append(paymentOutcome(slice, index, id, "PAYMENT_METHOD_FIXED")) }
        if isRaised(index) {
            // 29.90 → 99.90 needs consent (more than 50 % and more than USD 5); → 32.90 does not.
            requests.append(
                Request(
                    method: "POST", path: "advancedCommerce/v1/subscription/changePrice/\(id)",
                    body: json([
                        "requestInfo": ["requestReferenceId": uuid(slice, index, 4)],
                        "items": [["SKU": products[0], "price": needsConsent(index) ? 9_990 : 3_290]], "currency": "USD", "storefront": "USA",
                    ]),
                    key: uuid(slice, index, 4)))
        }
        if hasTrial(index), index % 10 != 5 { requests.append(extend(slice, index, id, days: index % 5 + 1, step: 3)) }
        requests.append(
            Request(
                method: "GET", path: "inApps/v2/history/\(id)", body: nil, key: "proof-history-\(slice.number)-\(index)"))
        return requests
    }

    /// Phase D, after the mass extension and another month (consent requests out): half of
    /// those asked consent, a status read.
    static func phaseD(_ slice: Slice, _ index: Int, subscription id: String) -> [Request] {
        var requests: [Request] = []
        if isRaised(index), needsConsent(index), index % 16 == 4 {
            requests.append(
                Request(
                    method: "POST", path: "v1/subscriptions/priceIncreaseResponse",
                    body: json(["originalTransactionId": id, "response": "CONSENT"]), key: "proof-consent-\(slice.number)-\(index)"))
        }
        requests.append(
            Request(
                method: "GET", path: "inApps/v1/subscriptions/\(id)", body: nil, key: "proof-status-d-\(slice.number)-\(index)"))
        return requests
    }

    /// Subscribers of the plain monthly product who kept it get a price change.
    private static func isRaised(_ index: Int) -> Bool { index % 4 == 0 && index % 3 != 0 }

    /// The slice's clock, created at its start instant.
    static func createClock(_ slice: Slice) -> Request {
        Request(
            method: "POST", path: "v1/testClocks", body: json(["frozenTime": slice.clockStart, "name": "proof \(slice.number)"]),
            key: slice.clockKey)
    }

    /// An advance of the slice's clock; `step` names it in the key.
    static func advance(_ slice: Slice, clock: String, by duration: String, step: Int) -> Request {
        Request(
            method: "POST", path: "v1/testClocks/\(clock)/advance", body: json(["advanceBy": duration]),
            key: "proof-advance-\(slice.number)-\(step)")
    }

    /// A mass extension of the plain monthly product on the slice's clock (its batches are
    /// timers of that clock).
    static func massExtension(_ slice: Slice) -> Request {
        Request(
            method: "POST", path: "inApps/v1/subscriptions/extend/mass",
            body: json([
                "productId": products[0], "extendByDays": 2, "extendReasonCode": 3, "requestIdentifier": uuid(slice, 0, 9),
            ]),
            key: uuid(slice, 0, 9))
    }

    private static func needsConsent(_ index: Int) -> Bool { index % 8 == 4 }

    private static func extend(_ slice: Slice, _ index: Int, _ id: String, days: Int, step: Int) -> Request {
        Request(
            method: "PUT", path: "inApps/v1/subscriptions/extend/\(id)",
            body: json(["extendByDays": days, "extendReasonCode": step % 4, "requestIdentifier": uuid(slice, index, step)]),
            key: uuid(slice, index, step))
    }

    private static func autoRenew(_ slice: Slice, _ index: Int, _ id: String, on: Bool) -> Request {
        Request(
            method: "POST", path: "v1/subscriptions/autoRenew",
            body: json(["originalTransactionId": id, "autoRenewStatus": on ? 1 : 0]),
            key: "proof-auto-renew-\(on ? "on" : "off")-\(slice.number)-\(index)")
    }

    private static func paymentOutcome(_ slice: Slice, _ index: Int, _ id: String, _ outcome: String) -> Request {
        Request(
            method: "POST", path: "v1/subscriptions/paymentOutcome",
            body: json(["originalTransactionId": id, "outcome": outcome]), key: "proof-payment-\(outcome)-\(slice.number)-\(index)")
    }

    /// A UUID that is the same in every run: slice, customer and which request.
    static func uuid(_ slice: Slice, _ index: Int, _ kind: Int) -> String {
        let number = String(slice.number, radix: 16), customer = String(index, radix: 16)
        return "\(String(repeating: "0", count: 8 - number.count))\(number)-0000-4000-8000-"
            + "\(String(repeating: "0", count: 10 - customer.count))\(customer)\(kind < 16 ? "0" : "")\(String(kind, radix: 16))"
    }

    private static func json(_ object: [String: Any]) -> String {
        // Only literals and strings of this file: always serializable.
        String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8), as: UTF8.self)
    }
}
