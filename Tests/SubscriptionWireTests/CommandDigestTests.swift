import Foundation
import SubscriptionMessages
import SwiftProtobuf
import Testing

@testable import SubscriptionHandler
@testable import SubscriptionWire

/// What binds an idempotency key to its body (docs/consumer.md, "Idempotency keys").
@Suite struct CommandDigestTests {
    static func purchase(_ customer: String, id: String, clock: String = "") -> Subscriptions_V1_CommandEnvelope {
        .with {
            $0.commandID = id
            $0.issuedAt = Google_Protobuf_Timestamp(date: Date())
            $0.testClockID = clock
            $0.purchase = .with {
                $0.customerID = customer
                $0.productID = "news.basic.monthly"
                $0.storefront = "USA"
            }
        }
    }

    @Test("R-IDM-1 the digest covers the command's body and clock, not the envelope's id, times or trace")
    func digestCoversTheBody() throws {
        let first = try CommandDigest.of(Self.purchase("alice", id: "1"))
        #expect(first.count == 20)
        #expect(try CommandDigest.of(Self.purchase("alice", id: "2")) == first)
        #expect(try CommandDigest.of(Self.purchase("bob", id: "1")) != first)
        #expect(try CommandDigest.of(Self.purchase("alice", id: "1", clock: "clock_a")) != first)
    }

    @Test("R-IDM-1 a reused requestReferenceId is Apple's 4000097 (400); any other reused key our 4099004 (409)")
    func refusals() {
        let apple = CommandDigest.refusal(route: .modifySubscription)
        #expect(apple.appleErrorCode == 4_000_097 && apple.catalogError?.httpStatus == 400)
        #expect(apple.field == "requestInfo.requestReferenceId")
        let ours = CommandDigest.refusal(route: .purchase)
        #expect(ours.appleErrorCode == 4_099_004 && ours.catalogError?.httpStatus == 409)
        #expect(ours.field == "Idempotency-Key")
    }
}
