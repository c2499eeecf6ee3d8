import Foundation
import Logging
import SubscriptionMessages
import SubscriptionNotifier
import SubscriptionStore
import SubscriptionWire
import Testing

@testable import SubscriptionConsumer
@testable import SubscriptionHandler

/// The consumer's handlers around the engine's hand its read keys through
/// (docs/scale-out.md, "A batch in a handful of statements"): with a wrapper that named only the
/// command ids, every command of a PostgreSQL batch was read one round trip at a time again.
@Suite struct ReadKeysForwardingTests {
    @Test("the history and notification handlers name what the engine's handler names")
    func forwarded() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let engine = try EngineCommandHandler(
            catalogPath: root.appending(path: "Config/catalog.example.json").path,
            logger: Logger(label: "read-keys", factory: { _ in SwiftLogNoOpLogHandler() }))
        let consumer = HistoryCommandHandler(
            inner: NotificationCommandHandler(inner: engine, queries: NotificationQueries(database: nil)), archive: nil)
        let batch: [Subscriptions_V1_CommandEnvelope] = [
            .with {
                $0.commandID = "p1"
                $0.command = .purchase(.with {
                    $0.customerID = "ann"
                    $0.productID = "news.basic.monthly"
                })
            },
            .with {
                $0.commandID = "a1"
                $0.command = .setAutoRenew(.with { $0.originalTransactionID = "2000000000000007" })
            },
        ]
        let keys = consumer.readKeys(for: batch)
        #expect(keys == engine.readKeys(for: batch))
        #expect(keys.customers == [StoreReadKeys.Customer(clockId: nil, customerId: "ann")])
        #expect(keys.subscriptionIds.count == 2, "the purchase's likely new id and the subscription the change names")
    }
}
