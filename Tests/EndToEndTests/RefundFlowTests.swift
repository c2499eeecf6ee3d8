import Foundation
import SubscriptionMessages
import Testing

/// The refund and consumption flow against the real services (docs/refunds.md): the customer's
/// request, Send Consumption Information, the decision and its reversal, a declined request and
/// Set App Account Token, on a test clock so every date is known.
@Suite("Refund flow (end to end)")
struct RefundFlowEndToEndTests {
    /// 2030-01-01T00:00:00Z in milliseconds.
    static let start: Int64 = 1_893_456_000_000

    @Test("R-REF-1 R-REF-2 R-REF-3 R-REF-4 R-REF-5 R-REF-6 request → CONSUMPTION_REQUEST, consumption information 202, grant → REFUND, reverse → REFUND_REVERSED, decline → REFUND_DECLINED, app account token set, order id looked up")
    func refundFlow() async throws {
        let stack = try await Stack.start(consumerEnvironment: ["CLOCK": "system"])
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let connection = try await stack.connect()
        let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")
        let created = try await http.post("v1/testClocks", ["frozenTime": Self.start, "name": "refunds"])
        let clock = try #require(created.json["id"] as? String, "\(created)")
        let onClock = ["X-Test-Clock": clock]
        var ids: [String] = []
        var orders: [String] = []
        for customer in ["alice", "bob"] {
            let purchase = try await http.post(
                "v1/purchases", ["customerId": customer, "productId": E2ECatalog.monthly, "storefront": "USA"], headers: onClock)
            #expect(purchase.status == 200, "\(purchase)")
            ids.append(try #require(purchase.json["originalTransactionId"] as? String))
            orders.append(try #require(purchase.json["orderId"] as? String, "\(purchase)"))
        }
        let (granted, declined) = (ids[0], ids[1])

        // Look Up Order ID: the order id our answer carries finds the transaction; another is status 1.
        let order = try await http.send("GET", "inApps/v1/lookup/\(orders[0])")
        #expect(order.status == 200 && order.json["status"] as? Int == 0, "\(order)")
        let ordered = (order.json["signedTransactions"] as? [Any] ?? []).map { JWS.payload($0)["transactionId"] as? String }
        #expect(ordered == [granted], "\(order)")
        let unknown = try await http.send("GET", "inApps/v1/lookup/MK5TTTVWJH")
        #expect(unknown.status == 200 && unknown.json["status"] as? Int == 1, "\(unknown)")
        #expect((unknown.json["signedTransactions"] as? [Any])?.isEmpty == true, "\(unknown)")

        let asked = try await http.post(
            "v1/transactions/\(granted)/refundRequest", ["consumptionRequestReason": "UNSATISFIED_WITH_PURCHASE"])
        #expect(asked.status == 200 && asked.json["status"] as? Int == 1, "\(asked)")
        let again = try await http.post("v1/transactions/\(granted)/refundRequest", ["consumptionRequestReason": "OTHER"])
        #expect(again.status == 409 && again.json["errorCode"] as? Int == 4_099_005, "\(again)")
        let consumption = try await http.send(
            "PUT", "inApps/v2/transactions/consumption/\(granted)",
            json: ["customerConsented": true, "sampleContentProvided": true, "deliveryStatus": "DELIVERED",
                   "consumptionPercentage": 10_000, "refundPreference": "DECLINE"])
        #expect(consumption.status == 202 && consumption.body.isEmpty, "\(consumption)")
        let noConsent = try await http.send(
            "PUT", "inApps/v2/transactions/consumption/\(granted)",
            json: ["customerConsented": false, "sampleContentProvided": true, "deliveryStatus": "DELIVERED"])
        #expect(noConsent.status == 400 && noConsent.json["errorCode"] as? Int == 4_000_035, "\(noConsent)")

        let advanced = try await http.post("v1/testClocks/\(clock)/advance", ["advanceBy": "P15D"])
        #expect(advanced.status == 200, "\(advanced)")
        let refund = try await http.post("v1/transactions/\(granted)/refundDecision", ["decision": "GRANT_PRORATED"])
        #expect(refund.status == 200 && refund.json["status"] as? Int == 5, "\(refund)")
        #expect(refund.transaction["revocationType"] as? String == "REFUND_PRORATED", "\(refund.transaction)")
        let reversed = try await http.post("v1/transactions/\(granted)/refundDecision", ["decision": "REVERSE"])
        #expect(reversed.status == 200 && reversed.json["status"] as? Int == 1, "\(reversed)")
        #expect(reversed.transaction["revocationDate"] == nil, "\(reversed.transaction)")

        let declinedAsk = try await http.post("v1/transactions/\(declined)/refundRequest", ["consumptionRequestReason": "LEGAL"])
        #expect(declinedAsk.status == 200, "\(declinedAsk)")
        let decline = try await http.post("v1/transactions/\(declined)/refundDecision", ["decision": "DECLINE"])
        #expect(decline.status == 200 && decline.json["status"] as? Int == 1, "\(decline)")
        let nothingPending = try await http.post("v1/transactions/\(declined)/refundDecision", ["decision": "GRANT_FULL"])
        #expect(nothingPending.status == 404 && nothingPending.json["errorCode"] as? Int == 4_049_142, "\(nothingPending)")

        let token = "0b0b2d5e-7f60-4d9c-8f9e-3d52a1c6e0aa"
        let set = try await http.send("PUT", "inApps/v1/transactions/\(declined)/appAccountToken", json: ["appAccountToken": token])
        #expect(set.status == 200 && set.body.isEmpty, "\(set)")
        let read = try await http.send("GET", "inApps/v1/transactions/\(declined)")
        #expect(JWS.payload(read.json["signedTransactionInfo"])["appAccountToken"] as? String == token, "\(read)")

        try await events.waitUntil("the refund flow's events") { received in
            received.filter { $0.subscriptionID == granted }.count == 4 && received.filter { $0.subscriptionID == declined }.count == 3
        }
        #expect(events.events(of: granted).map(Self.describe) == [
            "SUBSCRIBED/INITIAL_BUY@2030-01-01", "CONSUMPTION_REQUEST/NONE@2030-01-01", "REFUND/NONE@2030-01-16", "REFUND_REVERSED/NONE@2030-01-16",
        ])
        #expect(events.events(of: declined).map(Self.describe) == [
            "SUBSCRIBED/INITIAL_BUY@2030-01-01", "CONSUMPTION_REQUEST/NONE@2030-01-16", "REFUND_DECLINED/NONE@2030-01-16",
        ])
        let request = try #require(events.events(of: granted).first { $0.notificationType == .consumptionRequest })
        #expect(request.data.consumptionRequestReason == .unsatisfiedWithPurchase)
        let refundEvent = try #require(events.events(of: granted).first { $0.notificationType == .refund })
        #expect(refundEvent.data.transactionInfo.revocationPercentage > 0 && refundEvent.data.transactionInfo.revocationPercentage < 100_000)

        await events.stop()
        await connection.close()
        await stack.stop()
    }

    /// `TYPE/SUBTYPE@yyyy-mm-dd` of an event (`NONE` without a subtype).
    static func describe(_ event: Subscriptions_V1_NotificationEvent) -> String {
        let kind = event.routingKey.replacingOccurrences(of: ".", with: "/")
        let day = Date(timeIntervalSince1970: TimeInterval(event.signedDate.seconds)).formatted(.iso8601.year().month().day())
        return "\(kind)@\(day)"
    }
}
