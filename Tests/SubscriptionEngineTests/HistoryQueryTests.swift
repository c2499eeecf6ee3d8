import Testing

@testable import SubscriptionEngine

/// Get Transaction Info, Get Transaction History (v2) and Get Refund History over the
/// customer's transactions.
@Suite struct HistoryQueryTests {
    /// Alice with a weekly subscription renewed 21 times (22 transactions) and a monthly one in
    /// another group.
    static func renewed() throws -> (Harness, weekly: String, monthly: String) {
        var harness = try Harness()
        let weekly = try harness.purchase("news.standard.weekly")
        let monthly = try harness.purchase("sports.monthly")
        _ = try harness.advance(to: .utc(2026, 5, 28))
        return (harness, weekly, monthly)
    }

    static func page(_ outcome: EngineOutcome) -> TransactionHistoryPage? {
        if case .transactionHistory(let page) = outcome.reply { return page }
        return nil
    }

    @Test("Get Transaction Info answers any transaction of the app by its id, and 404 for an unknown one")
    func transactionInfo() throws {
        var (harness, weekly, _) = try Self.renewed()
        let renewal = try #require(try harness.transactions(weekly).dropFirst(3).first?.transactionId)
        let outcome = try harness.ok(.getTransactionInfo(GetTransactionInfoRequest(transactionId: renewal)))
        guard case .transactionInfo(let info) = outcome.reply else { Issue.record("\(outcome.reply)"); return }
        #expect(info.transactionId == renewal && info.originalTransactionId == weekly && info.transactionReason == .renewal)
        let unknown = try harness.rejected(.getTransactionInfo(GetTransactionInfoRequest(transactionId: "\(weekly)-999")))
        #expect(unknown?.appleErrorCode == 4040010)
    }

    @Test("the history pages 20 at a time by revision, every transaction once, in purchase order either way")
    func paging() throws {
        var (harness, weekly, _) = try Self.renewed()
        let all = try harness.transactions(weekly).count
        var seen: [TransactionInfo] = []
        var revision = ""
        var pages = 0
        repeat {
            let page = try #require(Self.page(try harness.ok(.getTransactionHistory(
                TransactionHistoryRequest(transactionId: weekly, revision: revision, subscriptionGroupIdentifiers: ["news"])))))
            #expect(page.transactions.count <= 20)
            seen += page.transactions
            revision = page.revision
            pages += 1
            if !page.hasMore { break }
        } while pages < 10
        #expect(seen.count == all && all > 20)
        #expect(Set(seen.map(\.transactionId)).count == all)
        #expect(seen.map(\.purchaseDate) == seen.map(\.purchaseDate).sorted())
        let descending = try #require(Self.page(try harness.ok(.getTransactionHistory(
            TransactionHistoryRequest(transactionId: weekly, order: .descending, subscriptionGroupIdentifiers: ["news"])))))
        #expect(descending.transactions.first?.transactionId == seen.last?.transactionId)
        let bad = try harness.rejected(.getTransactionHistory(TransactionHistoryRequest(transactionId: weekly, revision: "zz")))
        #expect(bad?.appleErrorCode == 4000005)
    }

    @Test("filters: product, product type, group, dates and revoked narrow the customer's transactions")
    func filters() throws {
        var (harness, weekly, monthly) = try Self.renewed()
        func history(_ request: TransactionHistoryRequest) throws -> [TransactionInfo] {
            try #require(Self.page(try harness.ok(.getTransactionHistory(request)))).transactions
        }
        let sports = try history(TransactionHistoryRequest(transactionId: weekly, productIds: ["sports.monthly"]))
        #expect(!sports.isEmpty && sports.allSatisfy { $0.originalTransactionId == monthly })
        #expect(try history(TransactionHistoryRequest(transactionId: weekly, productTypes: [.consumable])).isEmpty)
        #expect(try history(TransactionHistoryRequest(transactionId: weekly, revoked: true)).isEmpty)
        let january = try history(TransactionHistoryRequest(transactionId: monthly, startDate: .utc(2026, 1, 1), endDate: .utc(2026, 1, 15)))
        // Every transaction of the customer (both subscriptions), by purchase date then id.
        let expected = (try harness.transactions(monthly) + harness.transactions(weekly))
            .filter { $0.purchaseDate < .utc(2026, 1, 15) }
            .sorted { ($0.purchaseDate, $0.transactionId) < ($1.purchaseDate, $1.transactionId) }
        #expect(!january.isEmpty && january.map(\.transactionId) == expected.map(\.transactionId))
        #expect(Set(january.map(\.originalTransactionId)) == [weekly, monthly])
        let backwards = try harness.rejected(.getTransactionHistory(
            TransactionHistoryRequest(transactionId: weekly, startDate: .utc(2026, 2, 1), endDate: .utc(2026, 1, 1))))
        #expect(backwards?.appleErrorCode == 4000013)
    }

    @Test("the refund history lists the customer's refunded transactions, not family revocations")
    func refunds() throws {
        var harness = try Harness()
        let id = try harness.createBundle([("NEWS_BASIC", 4990)])
        harness.now = .utc(2026, 1, 16)
        let before = try harness.ok(.getRefundHistory(RefundHistoryRequest(transactionId: id)))
        guard case .refundHistory(let empty) = before.reply else { Issue.record("\(before.reply)"); return }
        #expect(empty.transactions.isEmpty && !empty.hasMore)
        try harness.ok(.revokeSubscription(RevokeSubscriptionRequest(
            transactionId: id, requestInfo: RequestInfo(requestReferenceId: "r"), refundReason: .other, refundType: .full)))
        let after = try harness.ok(.getRefundHistory(RefundHistoryRequest(transactionId: id)))
        guard case .refundHistory(let page) = after.reply else { Issue.record("\(after.reply)"); return }
        #expect(page.transactions.map(\.originalTransactionId) == [id])
        #expect(page.transactions.first?.revocationDate == .utc(2026, 1, 16))
    }
}
