import Testing

@testable import SubscriptionEngine

/// Operations outside the numbered rules' main paths, checked against Apple's event table (R-EVT-1).
@Suite struct ServerOperationTests {
    @Test("R-EVT-1 Get All Subscription Statuses groups the customer's subscriptions and filters by status")
    func allStatuses() throws {
        var harness = try Harness()
        let news = try harness.purchase("news.basic.monthly")
        let sports = try harness.purchase("sports.monthly")
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: sports, enable: false)))
        try harness.advance(to: .utc(2026, 1, 20))
        let outcome = try harness.ok(.getAllSubscriptionStatuses(GetAllSubscriptionStatusesRequest(transactionId: news)))
        guard case .allSubscriptionStatuses(let all) = outcome.reply else { Issue.record("\(outcome.reply)"); return }
        #expect(all.data.map(\.subscriptionGroupIdentifier) == ["news", "sports"])
        #expect(all.data.flatMap(\.lastTransactions).map(\.status) == [.active, .expired])
        let filtered = try harness.ok(.getAllSubscriptionStatuses(GetAllSubscriptionStatusesRequest(transactionId: news, status: [.expired])))
        guard case .allSubscriptionStatuses(let expired) = filtered.reply else { return }
        #expect(expired.data.map(\.subscriptionGroupIdentifier) == ["sports"])
        #expect(try harness.rejected(.getAllSubscriptionStatuses(GetAllSubscriptionStatusesRequest(transactionId: "nope")))?.code == .notFound)
    }

    @Test("R-EVT-1 cancel emits AUTO_RENEW_DISABLED; revoke and refund emit REFUND with revocation fields")
    func cancelRevokeRefund() throws {
        var harness = try Harness()
        let id = try harness.createBundle([("NEWS_BASIC", 4990)])
        try harness.ok(.cancelSubscription(CancelSubscriptionRequest(transactionId: id, requestInfo: RequestInfo(requestReferenceId: "c"))))
        #expect(Harness.kinds(harness.events).last == "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED")
        harness.now = .utc(2026, 1, 16)
        try harness.ok(.revokeSubscription(RevokeSubscriptionRequest(transactionId: id, requestInfo: RequestInfo(requestReferenceId: "r"), refundReason: .other, refundType: .prorated)))
        let event = try #require(harness.events.last)
        #expect(event.notificationType == .refund)
        #expect(event.data?.status == .revoked)
        #expect(event.data?.transactionInfo?.revocationDate == .utc(2026, 1, 16))
        #expect(event.data?.transactionInfo?.revocationType == .refundProrated)
        #expect(try harness.subscription(id).latestTransaction?.refundAmount == 2575)

        let other = try harness.purchase("news.basic.monthly", customer: "bob")
        try harness.advance(to: .utc(2026, 1, 20))
        let latest = try #require(try harness.subscription(other).latestTransaction?.transactionId)
        try harness.ok(.requestRefund(RequestRefundRequest(transactionId: latest, requestInfo: RequestInfo(requestReferenceId: "f"), refundType: .full, refundReason: .fulfillmentIssue)))
        #expect(harness.events.last?.data?.transactionInfo?.revocationPercentage == 100_000)
        #expect(try harness.rejected(.requestRefund(RequestRefundRequest(transactionId: latest, requestInfo: RequestInfo(requestReferenceId: "g"), refundType: .full, refundReason: .other)))?.appleErrorCode == 4030021)
    }
}
