import Foundation
import Logging
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire
import SwiftProtobuf
import Testing

@testable import SubscriptionConsumer
@testable import SubscriptionEngine
@testable import SubscriptionHandler

/// A stored value that the renewal timer cannot compute with (a price of Int64.max written
/// before the entries were bounded) on a real SQLite file, and on PostgreSQL when its server is
/// there: the timer transaction quarantines that subscription with a `QUARANTINED` event, the
/// other subscription renews in the same transaction, and the next command is served
/// (docs/reliability.md, "Inputs tried").
@Suite("A stored value that traps a timer quarantines its subscription; the consumer keeps serving")
struct StoredValueTimerTests {
    static func purchase(_ customer: String) -> Subscriptions_V1_CommandEnvelope {
        CommandPreviewTests.envelope(.purchase(.with {
            $0.customerID = customer
            $0.productID = "news.basic.monthly"
            $0.storefront = "USA"
        }), preview: false)
    }

    @Test("the renewal of the poisoned subscription is refused and quarantined, the other renews, the next command is answered", arguments: WhatIfPipelineTests.Backend.available)
    func quarantineKeepsServing(backend: WhatIfPipelineTests.Backend) async throws {
        let store = try await backend.open()
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let handler = try EngineCommandHandler(
            catalogPath: root.appending(path: "Config/catalog.example.json").path,
            logger: .init(label: "timer-tests", factory: { _ in SwiftLogNoOpLogHandler() }))
        let poisoned = try await WhatIfPipelineTests.apply(Self.purchase("mallory"), handler: handler, in: store)
            .reply.purchase.subscription.transactionInfo.originalTransactionID
        let healthy = try await WhatIfPipelineTests.apply(Self.purchase("alice"), handler: handler, in: store)
            .reply.purchase.subscription.transactionInfo.originalTransactionID
        try await store.write { transaction in
            var engineStore = AggregateEngineStore(transaction)
            var subscription = try #require(try engineStore.subscription(poisoned))
            // Two items at Int64.max: their sum cannot be computed.
            subscription.items[0].price = Milliunits(.max)
            subscription.items.append(subscription.items[0])
            try engineStore.save(subscription)
        }
        let renewal = WhatIfPipelineTests.start.addingTimeInterval(40 * 86_400)
        let fired = try await store.write { try handler.advance(to: renewal, massExtensionBatches: 1, in: $0) }.map(\.message)
        #expect(fired.filter { $0.subscriptionID == poisoned }.map(\.notificationType) == [.quarantined])
        #expect(fired.filter { $0.subscriptionID == healthy }.map(\.notificationType) == [.didRenew])
        let quarantine = try await store.read { try AggregateEngineStore($0).subscription(poisoned)?.quarantine }
        #expect(quarantine?.reason.contains("4009005") == true)
        // Served as usual: the next command, and no timer is due for the quarantined one.
        let next = try await WhatIfPipelineTests.apply(Self.purchase("bob"), handler: handler, in: store)
        #expect(next.reply.status == .ok)
        let again = try await store.write { try handler.advance(to: renewal.addingTimeInterval(86_400), massExtensionBatches: 1, in: $0) }
        #expect(again.allSatisfy { $0.message.subscriptionID != poisoned })
        // An operator's retry lifts it; the refused renewal quarantines it again.
        let lifted = try await store.write { try handler.releaseQuarantine(poisoned, in: $0) }
        #expect(lifted != nil)
        let retried = try await store.write { try handler.advance(to: renewal.addingTimeInterval(2 * 86_400), massExtensionBatches: 1, in: $0) }
        #expect(retried.map(\.message).filter { $0.subscriptionID == poisoned }.map(\.notificationType) == [.quarantined])
    }
}
