import Testing

@testable import SubscriptionEngine

/// The reference store's own bookkeeping: one entry per subscription, a product index updated
/// in place when a subscription changes product, the due index moved with each save.
@Suite("In-memory engine store")
struct InMemoryEngineStoreTests {
    private static let products = ["news.basic.monthly", "news.premium.monthly", "sports.monthly"]

    /// What the product index must answer: the store's subscriptions of that product, by id.
    private func expectedIds(_ store: InMemoryEngineStore, product: String) -> [String] {
        store.subscriptions.values.filter { $0.productId == product }.map(\.originalTransactionId).sorted()
    }

    @Test("product changes back and forth keep every product's ids, pages and due times equal to a scan of the subscriptions")
    func productChanges() throws {
        var harness = try Harness()
        var ids: [String] = []
        for number in 0..<60 {
            ids.append(try harness.purchase(Self.products[number % 2 == 0 ? 0 : 2], customer: "c\(number)"))
        }
        // Move subscriptions between products in an order that removes from the middle, the
        // end and the start of each product's list, then moves some back.
        for (round, step) in [(1, 3), (2, 5), (0, 7), (1, 2)] {
            for index in stride(from: round, to: ids.count, by: step) {
                var subscription = try harness.subscription(ids[index])
                subscription.productId = Self.products[(index + round) % 3]
                subscription.expiresDate = try subscription.expiresDate.adding(days: index % 4)
                try harness.store.save(subscription)
            }
        }
        for product in Self.products + ["nobody.buys.this"] {
            let all = expectedIds(harness.store, product: product)
            #expect(try harness.store.subscriptionIds(productId: product, from: "", limit: 1_000) == all)
            let middle = all.isEmpty ? "" : all[all.count / 2]
            #expect(try harness.store.subscriptionIds(productId: product, from: middle, limit: 4) == Array(all.filter { $0 >= middle }.prefix(4)))
        }
        #expect(Self.products.map { expectedIds(harness.store, product: $0).count }.reduce(0, +) == ids.count)
        let dues = harness.store.subscriptions.compactMapValues(\.nextDueTime)
        let latest = try #require(dues.values.max())
        #expect(try harness.store.dueSubscriptionIds(atOrBefore: latest, limit: 1_000) == inDueOrder(dues))
        #expect(try harness.store.earliestSubscriptionDueTime() == dues.values.min())
    }

    @Test("renewals move each latest transaction into the history kept beside the subscription")
    func history() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        let bought = try harness.subscription(id)
        let renewalDate = bought.expiresDate
        try harness.advance(to: renewalDate)
        try harness.advance(to: try harness.subscription(id).expiresDate)
        let transactions = try harness.store.transactions(of: id)
        #expect(transactions.count == 3)
        #expect(Set(transactions.map(\.transactionId)).count == 3)
        #expect(try harness.store.containsTransaction(transactions[0].transactionId, of: id))
        #expect(try !harness.store.containsTransaction(transactions[2].transactionId, of: id), "the latest is not in the history")
        #expect(try harness.store.transactions(of: "no-such-subscription").isEmpty)
    }
}
