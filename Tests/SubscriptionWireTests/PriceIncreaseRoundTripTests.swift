import Foundation
import SubscriptionMessages
import SubscriptionWire
import Testing

@Suite struct PriceIncreaseRoundTripTests {
    @Test("a price increase on an in-app subscription reaches the subscriber as SUBSCRIBER_COMMUNICATION events")
    func communications() throws {
        let bench = try Bench()
        let purchase = try bench.purchase("news.basic.monthly")
        let transactionId = purchase.events[0].data.transactionInfo.transactionID
        let change = try bench.send(.changePrice(.with {
            $0.transactionID = transactionId
            $0.requestInfo.requestReferenceID = "b3e1f1de-4b55-4d7a-8f0e-1b2c3d4e5f60"
            $0.items = [.with {
                $0.sku = "news.basic.monthly"
                $0.price = 8990
            }]
        }))
        #expect(change.reply.status == .ok, "\(change.reply.error)")
        guard case .changePrice(let result)? = change.reply.result else {
            Issue.record("expected a change_price result, got \(change.reply)")
            return
        }
        let ids = result.priceChangeIds
        #expect(ids.count == 1)

        let advanced = try bench.advance(days: 120)
        let communications = advanced.events.filter { $0.notificationType == .subscriberCommunication }
        #expect(!communications.isEmpty, "\(advanced.events.map(\.kind))")
        for event in communications {
            #expect(event.communication.priceChangeIds == ids)
            #expect(event.communication.originalTransactionID == transactionId)
            #expect(event.communication.storefront == "USA")
            #expect(event.communication.channel != .unspecified)
            #expect(event.communication.kind != .unspecified)
            #expect(event.communication.hasRenewalInfo)
            #expect(event.routingKey.hasPrefix("SUBSCRIBER_COMMUNICATION."))
        }
        let sequences = advanced.events.map(\.sequence)
        #expect(sequences == sequences.sorted())
    }
}
