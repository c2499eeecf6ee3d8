import Foundation
import Testing

/// Start order for analytics: the events exchange exists only once someone declares it, so an
/// analytics consumer declares it idempotently with the services' arguments (README,
/// "Consuming events") and may start first.
@Suite(
    "Start order of analytics consumers and services", .serialized,
    // It starts the services itself, after the consumer: not possible against an external stack.
    .disabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] == "1", "needs to start the services itself"))
struct StartOrderTests {
    @Test("an analytics consumer started before any service declares the events exchange and receives the services' events")
    func analyticsFirst() async throws {
        let prefix = Stack.freshBusPrefix()
        let connection = try await Stack.connectToTestBroker(name: "e2e-analytics-first")
        // No service has run on this prefix: the watcher's declaration creates the exchange.
        let events = try await EventWatcher(connection: connection, eventsExchange: "\(prefix).events")
        let stack = try await Stack.start(busPrefix: prefix)
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let purchase = try await http.post(
            "v1/purchases", ["customerId": stack.unique("first"), "productId": E2ECatalog.monthly, "storefront": "USA"])
        #expect(purchase.status == 200, "\(purchase)")
        let received = try await events.waitUntil("the purchase's SUBSCRIBED event") { received in
            received.contains { $0.notificationType == .subscribed && $0.subscriptionID == purchase.originalTransactionId }
        }
        #expect(!received.isEmpty)
        await events.stop()
        await connection.close()
        let status = await stack.stop()
        #expect(status.consumer == 0 && status.producer == 0, "both services started on the exchange the consumer declared")
    }
}
