import Foundation
import SubscriptionMessages
import SubscriptionStore
import Testing

@testable import SubscriptionConsumer

/// A what-if through the pipeline's per-command step on a real SQLite file (docs/what-if.md):
/// sent as an ordinary command, it is still run as a preview, so it records nothing.
@Suite("Price-change what-if in the pipeline")
struct WhatIfPipelineTests {
    @Test("R-WIF-1 a what-if sent without the preview flag answers its counts and leaves no processed-command record, outbox entry or change")
    func recordsNothing() async throws {
        let previews = try CommandPreviewTests()
        let bought = try await previews.apply(CommandPreviewTests.envelope(CommandPreviewTests.purchase, preview: false))
        let id = bought.reply.purchase.subscription.transactionInfo.originalTransactionID
        let before = try await previews.database.read { try $0.subscription(id) }
        let question = Subscriptions_V1_CommandEnvelope.OneOf_Command.priceChangeWhatIf(.with {
            $0.productID = "news.basic.monthly"
            $0.prices = [.with {
                $0.storefront = "USA"
                $0.price = 9_990
            }]
            $0.consentRateBasisPoints = 0
        })
        let asked = try await previews.apply(CommandPreviewTests.envelope(question, preview: false))
        #expect(asked.reply.status == .ok && asked.reply.preview)
        let usa = try #require(asked.reply.priceChangeWhatIf.storefronts.first)
        #expect(usa.subscriptions == 1 && usa.consentRequired == 1 && usa.expiredPriceIncrease == 1, "\(usa)")
        #expect(asked.queued == 0 && asked.processed == 1 && asked.outbox == 1, "only the purchase's record and event")
        let after = try await previews.database.read { try $0.subscription(id) }
        #expect(after == before)

        let refused = try await previews.apply(CommandPreviewTests.envelope(.priceChangeWhatIf(.with {
            $0.productID = "news.basic.monthly"
            $0.consentRateBasisPoints = 10_001
        }), preview: false))
        #expect(refused.reply.status == .invalidArgument && refused.reply.error.field == "consentRateBasisPoints", "\(refused.reply)")
        #expect(refused.processed == 1)
    }
}
