import Testing

@testable import SubscriptionEngine

extension Harness {
    /// Creates an Advanced Commerce bundle (USD, monthly) with the given SKUs and prices.
    mutating func createBundle(
        _ items: [(String, Int64)], customer: String = "alice", storefront: StorefrontCode = .unitedStates,
        currency: CurrencyCode = .usd, reference: String = "create-1"
    ) throws -> String {
        let outcome = try ok(
            .createSubscription(
                CreateSubscriptionRequest(
                    customerId: customer, requestInfo: RequestInfo(requestReferenceId: reference), currency: currency,
                    descriptors: SubscriptionDescriptors(displayName: "Bundle", description: "News and sports"),
                    items: items.map { AdvancedCommerceItem(sku: $0.0, displayName: $0.0, description: $0.0, price: Milliunits($0.1)) },
                    period: "P1M", storefront: storefront)))
        guard case .subscription(let info) = outcome.reply else { return "" }
        return info.renewalInfo.originalTransactionId
    }

    /// Schedules a price change; returns its ids.
    @discardableResult
    mutating func changePrice(_ id: String, _ items: [PriceChangeItem], reference: String) throws -> [String] {
        let outcome = try run(.changePrice(ChangePriceRequest(transactionId: id, requestInfo: RequestInfo(requestReferenceId: reference), items: items)))
        guard case .changePrice(_, let ids) = outcome.reply else { return [] }
        return ids
    }
}
