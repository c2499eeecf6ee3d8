import Foundation
import ServiceTestSupport
import SubscriptionMessages
import SwiftProtobuf
import Testing

/// `subscriptionsctl clock create/list/get/advance --clock/delete` and `publish --test-clock`
/// against the real broker and a real consumer (docs/test-clocks.md).
@Suite("subscriptionsctl test clocks", .serialized, .requiresBroker)
struct ControlTestClockTests {
    @Test("R-CLK-1 R-CLK-2 R-CLK-3 a clock is created at an instant, a purchase attaches to it, it advances alone, and deleting it takes the purchase")
    func clockLifecycle() async throws {
        try await ConsumerHarness.with { harness in
            let created = await CtlRun.run(harness.arguments("clock", "create", "--at", "2030-01-01T00:00:00Z", "--name", "suite A"))
            #expect(created.code == 0, "\(created.output.errors)")
            let clock = try #require(created.output.lines.first)
            #expect(clock.hasPrefix("clock_") && clock.count == 30, "\(created.output.lines)")
            #expect(created.output.lines.dropFirst().first?.contains("2030-01-01T00:00:00Z  0 subscription(s)  \"suite A\"") == true)

            let purchase = #"{"customerId":"\#(UUID().uuidString)","productId":"news.basic.monthly","storefront":"USA"}"#
            let bought = await CtlRun.run(harness.arguments("publish", "purchase", "--test-clock", clock, "--json-string", purchase))
            #expect(bought.code == 0, "\(bought.output.errors)")
            let reply = try Subscriptions_V1_CommandReply(jsonString: try #require(bought.output.lines.first))
            #expect(reply.repliedAt == Google_Protobuf_Timestamp(seconds: 1_893_456_000), "the purchase ran at the clock's now")

            let advanced = await CtlRun.run(harness.arguments("clock", "advance", "--clock", clock, "--by", "P1M"))
            #expect(advanced.code == 0, "\(advanced.output.errors)")
            let read = await CtlRun.run(harness.arguments("clock", "get", clock))
            #expect(read.output.lines.first?.contains("2030-02-01T00:00:00Z  1 subscription(s)") == true, "\(read.output.lines)")
            let list = await CtlRun.run(harness.arguments("clock", "list"))
            #expect(list.output.lines.contains { $0.hasPrefix(clock) }, "\(list.output.lines)")

            let deleted = await CtlRun.run(harness.arguments("clock", "delete", clock))
            #expect(deleted.output.lines == ["deleted \(clock) with 1 subscription(s)"], "\(deleted.output.lines) \(deleted.output.errors)")
            let gone = await CtlRun.run(harness.arguments("clock", "get", clock))
            #expect(gone.code == 1)
            #expect(gone.output.errors.contains { $0.contains("NOT_FOUND") }, "\(gone.output.errors)")
        }
    }
}

/// `publish --preview` against the real broker and a real consumer (docs/previews.md).
@Suite("subscriptionsctl previews", .serialized, .requiresBroker)
struct ControlPreviewTests {
    @Test("R-PRV-1 publish --preview prints the reply with its events and applies nothing; --preview-until adds what the clock would fire")
    func publishPreview() async throws {
        try await ConsumerHarness.with { harness in
            let created = await CtlRun.run(harness.arguments("clock", "create", "--at", "2030-01-01T00:00:00Z"))
            let clock = try #require(created.output.lines.first)
            let purchase = #"{"customerId":"\#(UUID().uuidString)","productId":"news.basic.monthly","storefront":"USA"}"#
            let previewed = await CtlRun.run(harness.arguments(
                "publish", "purchase", "--test-clock", clock, "--json-string", purchase, "--preview",
                "--preview-until", "2030-02-15T00:00:00Z"))
            #expect(previewed.code == 0, "\(previewed.output.errors)")
            let reply = try Subscriptions_V1_CommandReply(jsonString: try #require(previewed.output.lines.first))
            #expect(reply.preview)
            #expect(reply.previewEvents.map(\.routingKey) == ["SUBSCRIBED.INITIAL_BUY", "DID_RENEW.NONE"])
            #expect(reply.previewEvents.last?.signedDate == Google_Protobuf_Timestamp(seconds: 1_893_456_000 + 31 * 86_400))
            let read = await CtlRun.run(harness.arguments("clock", "get", clock))
            #expect(read.output.lines.first?.contains("2030-01-01T00:00:00Z  0 subscription(s)") == true, "\(read.output.lines)")
            let refused = await CtlRun.run(harness.arguments("publish", "purchase", "--json-string", purchase, "--preview-until", "2030-02-15T00:00:00Z"))
            #expect(refused.code != 0)
        }
    }
}
