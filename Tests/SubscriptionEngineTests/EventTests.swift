import Foundation
import Testing

@testable import SubscriptionEngine

@Suite struct EventTests {
    /// A scenario touching most event kinds.
    static func scenario() throws -> [EngineEvent] {
        var harness = try Harness()
        let id = try harness.purchase("news.premium.monthly")
        try harness.advance(to: .utc(2026, 3, 1))
        try harness.ok(.changePrice(ChangePriceRequest(transactionId: id, requestInfo: RequestInfo(requestReferenceId: "r1"), items: [PriceChangeItem(sku: "news.premium.monthly", price: 15990)])))
        try harness.ok(.extendRenewalDate(ExtendRenewalDateRequest(originalTransactionId: id, extendByDays: 3, extendReasonCode: 1, requestIdentifier: "e1")))
        try harness.advance(to: .utc(2026, 7, 1))
        return harness.events
    }

    @Test("R-EVT-1 events carry Apple's shape and a gap-free sequence per subscription")
    func shapeAndSequence() throws {
        let events = try Self.scenario()
        let sequences = events.map(\.sequence)
        #expect(sequences == Array(1...UInt64(events.count)))
        for event in events {
            #expect(event.version == "2.0")
            if let data = event.data {
                #expect(data.bundleId == "com.example.news")
                #expect(data.environment == .sandbox)
                #expect(data.transactionInfo?.originalTransactionId == event.subscriptionId)
                #expect(data.renewalInfo.originalTransactionId == event.subscriptionId)
            }
        }
        #expect(Harness.kinds(events).prefix(5) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW/-", "DID_RENEW/-", "PRICE_CHANGE/-", "RENEWAL_EXTENDED/-"])
    }

    @Test("R-EVT-1 Apple's raw values for types and subtypes")
    func rawValues() throws {
        #expect(NotificationType.didChangeRenewalPref.rawValue == "DID_CHANGE_RENEWAL_PREF")
        #expect(NotificationSubtype.autoRenewDisabled.rawValue == "AUTO_RENEW_DISABLED")
        let json = try JSONEncoder().encode(NotificationSubtype.billingRecovery)
        #expect(String(decoding: json, as: UTF8.self) == "\"BILLING_RECOVERY\"")
    }

    @Test("R-EVT-2 communications to the subscriber are events with channel and kind")
    func communications() throws {
        let events = try Self.scenario()
        let communications = events.compactMap(\.communication)
        #expect(!communications.isEmpty)
        #expect(Set(communications.map(\.channel)) == Set(CommunicationChannel.allCases))
        #expect(communications.allSatisfy { !$0.priceChangeIds.isEmpty })
    }

    @Test("R-EVT-3 the same commands at the same times give byte-identical events and UUIDs")
    func deterministic() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let first = try encoder.encode(try Self.scenario())
        let second = try encoder.encode(try Self.scenario())
        #expect(first == second)
        let uuids = try Self.scenario().map(\.notificationUUID)
        #expect(Set(uuids).count == uuids.count)
    }

    @Test("R-EVT-3 a request delivered twice produces its events once")
    func idempotentReplay() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.premium.monthly")
        try harness.advance(to: .utc(2026, 2, 1))
        let request = EngineCommand.extendRenewalDate(ExtendRenewalDateRequest(originalTransactionId: id, extendByDays: 5, extendReasonCode: 1, requestIdentifier: "same"))
        let first = try harness.ok(request)
        let second = try harness.ok(request)
        #expect(first.events.count == 1)
        #expect(second.events.isEmpty)
        #expect(first.reply == second.reply)
    }
}
