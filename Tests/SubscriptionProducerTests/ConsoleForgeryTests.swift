import Foundation
import SubscriptionDeadLetters
import SubscriptionMessages
import SwiftProtobuf
import Testing

@testable import SubscriptionProducer

/// Any holder of the broker user can publish a status report, an event or a dead letter with
/// any 64-bit timestamp: the console shows it, saturated or absent, and never traps on it
/// (docs/reliability.md, "Inputs tried").
@Suite struct ConsoleForgeryTests {
    @Test("a dead letter whose AMQP timestamp is beyond Int64 milliseconds shows no issue date")
    func deadLetterTimestamp() {
        let entry = DeadLetterEntry(
            commandID: "c", routingKey: "subscriptions.v1.SubscriptionCommands/Purchase", reason: "poison", message: "", size: 1,
            issuedAt: Date(timeIntervalSince1970: 1.8e16))
        #expect(DeadLetterView(entry).issuedAt == nil)
        let sane = DeadLetterEntry(
            commandID: "c", routingKey: "k", reason: "r", message: "", size: 1, issuedAt: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(DeadLetterView(sane).issuedAt == 1_800_000_000_000)
    }

    @Test("an event signed at seconds = Int64.max or Int64.min is shown saturated", arguments: [Int64.max, Int64.min])
    func eventDate(seconds: Int64) {
        let event = Subscriptions_V1_NotificationEvent.with {
            $0.notificationType = .didRenew
            $0.signedDate = Google_Protobuf_Timestamp(seconds: seconds, nanos: 999_999_999)
        }
        #expect(EventView(event, signed: false).signedDate == (seconds > 0 ? Int64.max : Int64.min))
    }

    @Test("two status reports at the far ends of Int64 give a rate, not a trap")
    func statusReports() {
        let latest = Subscriptions_V1_ConsumerStatus.with {
            $0.instanceID = "forged"
            $0.reportedAt = Google_Protobuf_Timestamp(seconds: Int64.max, nanos: 0)
            $0.startedAt = Google_Protobuf_Timestamp(seconds: Int64.min, nanos: 0)
            $0.clockNow = Google_Protobuf_Timestamp(seconds: Int64.max, nanos: 0)
        }
        let previous = Subscriptions_V1_ConsumerStatus.with {
            $0.reportedAt = Google_Protobuf_Timestamp(seconds: Int64.min, nanos: 0)
        }
        let consumer = ConsoleStatusResponse.Consumer(
            ConsumerStatusBoard.Reports(latest: latest, previous: previous, receivedAt: Date()), now: Date(), staleAfter: 15)
        #expect(consumer.instanceId == "forged")
        #expect(consumer.reportedAt == Int64.max)
    }
}
