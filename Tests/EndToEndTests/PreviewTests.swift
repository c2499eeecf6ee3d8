import Foundation
import SubscriptionMessages
import Testing

/// Previews against the real services (docs/previews.md): a purchase, a price change with the
/// communications and the expiry it would cause, and a switch with its prorated refund, each
/// answered and none applied or published.
@Suite("Previews (end to end)")
struct PreviewEndToEndTests {
    /// 2030-01-01T00:00:00Z in milliseconds.
    static let start: Int64 = 1_893_456_000_000
    static let day: Int64 = 86_400_000

    /// `notificationType/subtype@ms` of a preview's event (protobuf JSON names).
    static func describe(_ event: [String: Any]) -> String {
        let type = (event["notificationType"] as? String ?? "").replacingOccurrences(of: "NOTIFICATION_TYPE_", with: "")
        let subtype = (event["subtype"] as? String ?? "NONE").replacingOccurrences(of: "SUBTYPE_", with: "")
        return "\(type)/\(subtype)"
    }

    @Test("R-PRV-1 R-PRV-2 a previewed purchase, price change and switch answer the reply and the dated events they would cause; nothing is applied or published, and the key stays free")
    func previews() async throws {
        let stack = try await Stack.start(consumerEnvironment: ["CLOCK": "system"])
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let connection = try await stack.connect()
        let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")
        let created = try await http.post("v1/testClocks", ["frozenTime": Self.start, "name": "previews"])
        let clock = try #require(created.json["id"] as? String, "\(created)")
        let body: [String: Any] = ["customerId": "alice", "productId": E2ECatalog.monthly, "storefront": "USA"]
        let headers = ["X-Test-Clock": clock, "Idempotency-Key": "buy-alice"]

        // A purchase: the reply it would get, SUBSCRIBED; no subscription afterwards.
        let previewed = try await http.post("v1/purchases?preview=true", body, headers: headers)
        #expect(previewed.status == 200 && previewed.json["preview"] as? Bool == true, "\(previewed)")
        #expect(previewed.json["httpStatus"] as? Int == 200)
        let reply = try #require(previewed.json["reply"] as? [String: Any], "\(previewed)")
        let id = try #require(reply["originalTransactionId"] as? String)
        let purchaseEvents = try #require(previewed.json["events"] as? [[String: Any]])
        #expect(purchaseEvents.map(Self.describe) == ["SUBSCRIBED/INITIAL_BUY"])
        #expect(purchaseEvents.first?["signedDate"] as? String == "2030-01-01T00:00:00Z")
        let none = try await http.send("GET", "inApps/v1/subscriptions/\(id)")
        #expect(none.status == 404, "the previewed purchase left nothing: \(none)")

        // The same key for real: applied (not a replay of the preview), with the previewed id.
        let bought = try await http.post("v1/purchases", body, headers: headers)
        #expect(bought.status == 200 && bought.json["originalTransactionId"] as? String == id, "\(bought)")

        // A price increase that needs consent, with the clock let run three months: when the
        // consent request goes out, and the expiry without consent, each with its date.
        let until = Self.start + 100 * Self.day
        let price = try await http.post(
            "advancedCommerce/v1/subscription/changePrice/\(id)?preview=true&previewUntil=\(until)",
            ["requestInfo": ["requestReferenceId": UUID().uuidString.lowercased()],
             "items": [["SKU": E2ECatalog.monthly, "price": 9_990]], "currency": "USD", "storefront": "USA"])
        #expect(price.status == 200 && price.json["httpStatus"] as? Int == 200, "\(price)")
        let priceEvents = try #require(price.json["events"] as? [[String: Any]], "\(price)")
        let kinds = priceEvents.map(Self.describe)
        #expect(kinds.contains("PRICE_INCREASE/PENDING"), "\(kinds)")
        #expect(kinds.last == "EXPIRED/PRICE_INCREASE", "\(kinds)")
        let consent = try #require(priceEvents.first { ($0["communication"] as? [String: Any]) != nil }, "\(kinds)")
        #expect((consent["communication"] as? [String: Any])?["consentRequired"] as? Bool == true)
        #expect(priceEvents.allSatisfy { ($0["signedDate"] as? String)?.hasPrefix("2030-") == true })

        // A switch up: immediate, with the prorated refund; the product stays as it was.
        let switched = try await http.post(
            "v1/subscriptions/switchProduct?preview=true", ["originalTransactionId": id, "productId": E2ECatalog.standardMonthly])
        let switchReply = try #require(switched.json["reply"] as? [String: Any], "\(switched)")
        #expect(switchReply["effectiveImmediately"] as? Bool == true)
        #expect((switchReply["proratedRefund"] as? Int ?? 0) > 0, "\(switchReply)")
        #expect((switched.json["events"] as? [[String: Any]])?.map(Self.describe) == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"])
        let status = try await http.send("GET", "inApps/v1/subscriptions/\(id)")
        let last = ((status.json["data"] as? [[String: Any]])?.first?["lastTransactions"] as? [[String: Any]])?.first
        let renewal = JWS.payload(last?["signedRenewalInfo"])
        #expect(renewal["autoRenewProductId"] as? String == E2ECatalog.monthly, "\(renewal)")
        #expect(renewal["priceIncreaseStatus"] == nil, "the previewed price change was not applied: \(renewal)")

        // A real command after the previews: its event is the next one on the bus after SUBSCRIBED.
        let off = try await http.post("v1/subscriptions/autoRenew", ["originalTransactionId": id, "autoRenewStatus": 0])
        #expect(off.status == 200, "\(off)")
        try await events.waitUntil("the real commands' two events") { $0.filter { $0.subscriptionID == id }.count >= 2 }
        #expect(events.events(of: id).map(\.routingKey) == [
            "SUBSCRIBED.INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS.AUTO_RENEW_DISABLED",
        ])

        // A refusal previews as the refusal: 200 with the status and Apple-style body it would get.
        let refused = try await http.post(
            "advancedCommerce/v1/subscription/changePrice/\(id)?preview=true",
            ["requestInfo": ["requestReferenceId": UUID().uuidString.lowercased()],
             "items": [["SKU": E2ECatalog.monthly, "price": 9_990]], "currency": "USD", "storefront": "USA"])
        #expect(refused.status == 200 && refused.json["httpStatus"] as? Int == 403, "\(refused)")
        #expect((refused.json["reply"] as? [String: Any])?["errorCode"] as? Int == 4_039_001, "\(refused)")

        await events.stop()
        await connection.close()
        await stack.stop()
    }
}
