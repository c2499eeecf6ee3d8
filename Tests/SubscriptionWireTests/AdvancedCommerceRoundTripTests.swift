import Foundation
import SubscriptionMessages
import SubscriptionWire
import Testing

@Suite struct AdvancedCommerceRoundTripTests {
    static func create(customer: String = "alice") -> Subscriptions_V1_CommandEnvelope.OneOf_Command {
        .createSubscription(.with {
            $0.customerID = customer
            $0.operation = .createSubscription
            $0.version = "1"
            $0.requestInfo.requestReferenceID = "0f8fad5b-d9cb-469f-a165-70867728950e"
            $0.currency = "USD"
            $0.descriptors = .with {
                $0.displayName = "Bundle"
                $0.description_p = "News and sports"
            }
            $0.items = [
                .with {
                    $0.sku = "NEWS_BASIC"
                    $0.displayName = "News"
                    $0.description_p = "Daily news"
                    $0.price = 4990
                },
                .with {
                    $0.sku = "LIVE_SPORTS"
                    $0.displayName = "Live sports"
                    $0.description_p = "Live matches"
                    $0.price = 7990
                    $0.offer = .with {
                        $0.period = "P1M"
                        $0.periodCount = 2
                        $0.price = 3990
                        $0.reason = .acquisition
                    }
                },
            ]
            $0.period = "P1M"
            $0.taxCode = "C003-00-1"
            $0.storefront = "USA"
        })
    }

    @Test("CREATE_SUBSCRIPTION replies with advancedCommerceInfo and publishes SUBSCRIBED/INITIAL_BUY")
    func create() throws {
        let bench = try Bench()
        let outcome = try bench.send(Self.create())
        #expect(outcome.reply.status == .ok, "\(outcome.reply.error)")
        guard case .createSubscription(let result)? = outcome.reply.result else {
            Issue.record("expected a create_subscription result, got \(outcome.reply)")
            return
        }
        let transaction = result.subscription.transactionInfo
        #expect(transaction.productID == "com.example.bundle")
        #expect(transaction.advancedCommerceInfo.items.map(\.sku) == ["NEWS_BASIC", "LIVE_SPORTS"])
        #expect(transaction.advancedCommerceInfo.descriptors.displayName == "Bundle")
        #expect(transaction.advancedCommerceInfo.period == "P1M")
        #expect(transaction.advancedCommerceInfo.requestReferenceID == "0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(result.subscription.renewalInfo.hasAdvancedCommerceInfo)
        #expect(outcome.events.map(\.kind) == ["SUBSCRIBED.INITIAL_BUY"])
    }

    @Test("an Advanced Commerce request with an unset enum is refused naming the field")
    func unsetOperation() throws {
        let bench = try Bench()
        guard case .createSubscription(var request) = Self.create() else { return }
        request.operation = .unspecified
        let outcome = try bench.send(.createSubscription(request))
        #expect(outcome.reply.status == .invalidArgument)
        #expect(outcome.reply.error.field == "operation")
        #expect(outcome.reply.error.appleErrorCode == 4_000_172)
        #expect(outcome.events.isEmpty)
    }

    @Test("a change price after create answers the price change ids")
    func changePrice() throws {
        let bench = try Bench()
        let created = try bench.send(Self.create())
        guard case .createSubscription(let result)? = created.reply.result else {
            Issue.record("create failed: \(created.reply)")
            return
        }
        let outcome = try bench.send(.changePrice(.with {
            $0.transactionID = result.subscription.transactionInfo.transactionID
            $0.requestInfo.requestReferenceID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
            $0.items = [.with {
                $0.sku = "NEWS_BASIC"
                $0.price = 4490
            }]
        }))
        #expect(outcome.reply.status == .ok, "\(outcome.reply.error)")
        guard case .changePrice(let change)? = outcome.reply.result else {
            Issue.record("expected a change_price result, got \(outcome.reply)")
            return
        }
        #expect(change.priceChangeIds.count == 1)
    }
}
