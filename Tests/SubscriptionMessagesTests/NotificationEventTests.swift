import SubscriptionMessages
import SwiftProtobuf
import Testing

@Suite("Notification events")
struct NotificationEventTests {
    @Test(
        "events of each payload kind survive binary and JSON encoding (R-EVT-1, R-EVT-2)",
        arguments: [SampleEvents.didRenew, SampleEvents.summary, SampleEvents.communication]
    )
    func eventRoundTrip(event: Subscriptions_V1_NotificationEvent) throws {
        let bytes: [UInt8] = try event.serializedBytes()
        #expect(try Subscriptions_V1_NotificationEvent(serializedBytes: bytes) == event)
        #expect(try Subscriptions_V1_NotificationEvent(jsonString: event.jsonString()) == event)
    }

    @Test("the payload case follows the notification type")
    func payloadCases() {
        #expect(SampleEvents.didRenew.data.transactionInfo.price == 9990)
        #expect(SampleEvents.summary.summary.succeededCount == 1200)
        #expect(SampleEvents.communication.communication.channel == .priceIncreaseSheet)
        #expect(SampleEvents.communication.data == Subscriptions_V1_NotificationData())
    }

    @Test("routing keys are <NOTIFICATION_TYPE>.<SUBTYPE or NONE>")
    func routingKeys() {
        #expect(SampleEvents.didRenew.routingKey == "DID_RENEW.NONE")
        #expect(SampleEvents.summary.routingKey == "RENEWAL_EXTENSION.SUMMARY")
        #expect(SampleEvents.communication.routingKey == "SUBSCRIBER_COMMUNICATION.CONSENT_REQUEST")
        #expect(SampleEvents.base(.didChangeRenewalPref, .upgrade).routingKey == "DID_CHANGE_RENEWAL_PREF.UPGRADE")
    }

    @Test("every notification type's routing segment is its proto name", arguments: Subscriptions_V1_NotificationType.allCases)
    func notificationTypeSegments(type: Subscriptions_V1_NotificationType) throws {
        // JSON omits zero values, so UNSPECIFIED is checked by name.
        guard type != .unspecified else {
            #expect(type.routingSegment == "UNSPECIFIED")
            return
        }
        let json = try Subscriptions_V1_NotificationEvent.with { $0.notificationType = type }
            .jsonString(options: jsonOptions)
        #expect(json.contains("\"NOTIFICATION_TYPE_\(type.routingSegment)\""), "\(json)")
    }

    @Test("every subtype's routing segment is its proto name", arguments: Subscriptions_V1_Subtype.allCases)
    func subtypeSegments(subtype: Subscriptions_V1_Subtype) throws {
        guard subtype != .unspecified else {
            #expect(subtype.routingSegment == "NONE")
            return
        }
        let json = try Subscriptions_V1_NotificationEvent.with { $0.subtype = subtype }
            .jsonString(options: jsonOptions)
        #expect(json.contains("\"SUBTYPE_\(subtype.routingSegment)\""), "\(json)")
    }

    @Test("Apple's notification types and subtypes are all present")
    func appleValuesPresent() {
        // apple-domain.md §1.4: 23 notification types and 19 subtypes, plus zero values
        // and our extension values (4 types: subscriber communication, quarantined, retention
        // message and retention performance test; 7 subtypes), numbered from 1000.
        #expect(Subscriptions_V1_NotificationType.allCases.count == 1 + 23 + 4)
        #expect(Subscriptions_V1_NotificationType.quarantined.rawValue >= 1000)
        #expect(Subscriptions_V1_Subtype.allCases.count == 1 + 19 + 7)
        #expect(Subscriptions_V1_NotificationType.subscriberCommunication.rawValue >= 1000)
        #expect(Subscriptions_V1_NotificationType.retentionMessage.rawValue >= 1000)
        #expect(Subscriptions_V1_Subtype.allCases.filter { $0.rawValue >= 1000 }.count == 7)
    }

    private var jsonOptions: JSONEncodingOptions {
        var options = JSONEncodingOptions()
        options.alwaysPrintEnumsAsInts = false
        return options
    }
}
