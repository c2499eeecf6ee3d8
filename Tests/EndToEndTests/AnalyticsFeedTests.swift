import Foundation
import ServiceTestSupport
import SubscriptionMessages
import SwiftProtobuf
import Testing

/// Feeds the analytics check (scripts/check-analytics.sh, run by scripts/test.sh): drives a
/// short life through the real services on the production exchange names and writes the
/// tally of the events it saw to `E2E_TALLY_OUT`, which the Python (Google protobuf) and C
/// (protobuf-c) consumers must reproduce. Runs only when that variable is set.
@Suite("Analytics feed", .enabled(if: ProcessInfo.processInfo.environment["E2E_TALLY_OUT"] != nil), .requiresBroker)
struct AnalyticsFeedTests {
    @Test("a life of purchases, renewals, auto-renew off and expiry is published and tallied")
    func feed() async throws {
        let output = try #require(ProcessInfo.processInfo.environment["E2E_TALLY_OUT"])
        let stack = try await Stack.start(withProducer: false)
        let connection = try await stack.connect()
        let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")
        let client = try await DirectCommandClient(connection: connection, busPrefix: stack.busPrefix)

        var subscriptions: [String] = []
        for customer in 0..<5 {
            let reply = try await client.send(DirectCommandClient.envelope(ConsumerPipelineTests.purchase(customer: stack.unique("feed-\(customer)"))))
            #expect(reply.status == .ok)
            subscriptions.append(reply.purchase.subscription.transactionInfo.originalTransactionID)
        }
        var autoRenewOff = Subscriptions_V1_SetAutoRenewRequest()
        autoRenewOff.originalTransactionID = subscriptions[0]
        autoRenewOff.action = .disable
        #expect(try await client.send(DirectCommandClient.envelope(.setAutoRenew(autoRenewOff))).status == .ok)

        var advance = Subscriptions_V1_AdvanceTestClockRequest()
        advance.advanceBy = Google_Protobuf_Duration(seconds: 75 * 86_400)
        #expect(try await client.send(DirectCommandClient.envelope(.advanceTestClock(advance))).status == .ok)

        let received = try await events.waitUntil("renewals and the voluntary expiry") { received in
            received.contains { $0.notificationType == .expired } && received.filter { $0.notificationType == .didRenew }.count >= 8
        }
        try await Task.sleep(for: .seconds(1))
        let all = events.received
        #expect(all.count >= received.count)
        var byType: [String: Int] = [:]
        for event in all { byType[event.routingKey, default: 0] += 1 }
        let tally: [String: Any] = ["by_type": byType, "total": all.count, "undecodable": 0]
        let data = try JSONSerialization.data(withJSONObject: tally, options: [.sortedKeys])
        try data.write(to: URL(filePath: output))
        await connection.close()
        await stack.stop()
    }
}
