import Foundation
import SubscriptionMessages
import SwiftProtobuf
import Testing
@testable import SubscriptionControl

@Suite struct FormattingTests {
    @Test(arguments: [
        (Int64(29_970), "USD", "USD 29.97"), (9_995, "USD", "USD 10.00"), (0, "EUR", "EUR 0.00"),
        (1_500_000, "JPY", "JPY 1500"), (1_250, "KWD", "KWD 1.250"), (-4_990, "USD", "USD -4.99"),
        (14_900_000, "KRW", "KRW 14900"),
    ])
    func revenueIsPrintedInTheCurrencysMinorUnits(milliunits: Int64, currency: String, expected: String) {
        #expect(Money.format(milliunits: milliunits, currency: currency) == expected)
    }

    @Test func oneLineEventShowsTimeTypeSubtypeSubscriptionAndSequence() {
        let event = Self.event(.didRenew, .unspecified, subscription: "2000000000000001", sequence: 7, at: 1_767_225_600)
        #expect(EventLine.readable(event) == "2026-01-01T00:00:00Z DID_RENEW/NONE 2000000000000001 #7")
        let summary = Self.event(.renewalExtension, .summary, subscription: "", sequence: 1, at: 1_767_225_600)
        #expect(EventLine.readable(summary) == "2026-01-01T00:00:00Z RENEWAL_EXTENSION/SUMMARY - #1")
    }

    @Test func jsonEventLineIsProtobufJSON() throws {
        let event = Self.event(.subscribed, .initialBuy, subscription: "s1", sequence: 1, at: 0)
        let line = EventLine.json(event)
        #expect(!line.contains("\n"))
        #expect(try Subscriptions_V1_NotificationEvent(jsonString: line) == event)
    }

    @Test(arguments: [("500ms", Duration.milliseconds(500)), ("30s", .seconds(30)), ("5m", .seconds(300)),
                      ("2h", .seconds(7_200)), ("1d", .seconds(86_400)), ("12", .seconds(12))])
    func durationsParse(text: String, expected: Duration) {
        #expect(DurationText.parse(text) == expected)
    }

    @Test func badDurationIsRefused() {
        #expect(DurationText.parse("soon") == nil)
        #expect(DurationText.parse("-3s") == nil)
    }

    @Test func errorReplyLineNamesStatusCodeAndField() {
        var reply = Subscriptions_V1_CommandReply()
        reply.status = .notFound
        reply.error = .with {
            $0.appleErrorCode = 4_040_005
            $0.appleErrorName = "OriginalTransactionIdNotFoundError"
            $0.message = "no such subscription"
            $0.field = "originalTransactionId"
        }
        #expect(ReplyText.failure(reply)
            == "error: NOT_FOUND 4040005 OriginalTransactionIdNotFoundError: no such subscription (field originalTransactionId)")
    }

    static func event(
        _ type: Subscriptions_V1_NotificationType, _ subtype: Subscriptions_V1_Subtype, subscription: String,
        sequence: UInt64, at seconds: Int64, causedBy command: String = ""
    ) -> Subscriptions_V1_NotificationEvent {
        .with {
            $0.notificationType = type
            $0.subtype = subtype
            $0.subscriptionID = subscription
            $0.sequence = sequence
            $0.signedDate = Google_Protobuf_Timestamp(seconds: seconds)
            $0.causedByCommandID = command
        }
    }
}
