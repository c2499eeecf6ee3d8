import Foundation
import SubscriptionTopology
import Testing

@testable import SubscriptionControl

@Suite("Reading the event log: --from, --to, --bind")
struct EventWindowTests {
    static let start = Date(timeIntervalSince1970: 1_796_600_000)

    @Test(arguments: [
        ("first", EventLogPosition.first), ("last", .last), ("next", .next), ("0", .offset(0)), ("12000", .offset(12_000)),
        ("2026-12-07T12:00:00Z", .time(Date(timeIntervalSince1970: 1_796_644_800))),
        ("2026-12-07T13:00:00.250+01:00", .time(Date(timeIntervalSince1970: 1_796_644_800.25))),
    ])
    func fromParses(text: String, position: EventLogPosition) {
        #expect(EventLogPosition(text) == position)
    }

    @Test(arguments: ["", "First", "-1", "2026-12-07", "2026-12-07T12:00:00", "yesterday", "99999999999999999999"])
    func fromRefusesTheRest(text: String) {
        #expect(EventLogPosition(text) == nil)
    }

    @Test("a time enters the stream a margin earlier by the broker's clock and keeps what was signed at or after it")
    func timeSeeksEarlierAndFilters() {
        let position = EventLogPosition.time(Self.start)
        #expect(position.streamOffset == .timestamp(Self.start.addingTimeInterval(-EventLogPosition.seekMargin)))
        #expect(position.includes(signedAt: Self.start))
        #expect(!position.includes(signedAt: Self.start.addingTimeInterval(-0.001)))
        #expect(position.includes(messageTimestamp: Self.start))
        #expect(!position.includes(messageTimestamp: Self.start.addingTimeInterval(-1)))
        #expect(position.includes(messageTimestamp: nil))
        #expect(EventLogPosition.first.includes(signedAt: .distantPast))
    }

    @Test("events signed in [from, to) are kept once; one signed well after --to ends the reading")
    func windowKeepsOnceAndEnds() {
        var window = EventWindow(position: .time(Self.start), to: Self.start.addingTimeInterval(3600), patterns: [])
        #expect(window.decide(signedDate: Self.start, routingKey: "DID_RENEW.NONE", messageID: "a") == .keep)
        #expect(window.decide(signedDate: Self.start, routingKey: "DID_RENEW.NONE", messageID: "a") == .skip)
        #expect(window.decide(signedDate: Self.start.addingTimeInterval(-1), routingKey: "DID_RENEW.NONE", messageID: "b") == .skip)
        #expect(window.decide(signedDate: Self.start.addingTimeInterval(3600), routingKey: "DID_RENEW.NONE", messageID: "c") == .skip)
        #expect(window.decide(
            signedDate: Self.start.addingTimeInterval(3600 + EventWindow.lateness), routingKey: "DID_RENEW.NONE", messageID: "d") == .end)
    }

    @Test(arguments: [
        ("#", "DID_RENEW.NONE", true), ("DID_RENEW.*", "DID_RENEW.BILLING_RECOVERY", true), ("DID_RENEW.*", "EXPIRED.VOLUNTARY", false),
        ("*.NONE", "REFUND.NONE", true), ("EXPIRED.#", "EXPIRED", true), ("EXPIRED.#", "EXPIRED.VOLUNTARY", true),
        ("#.VOLUNTARY", "EXPIRED.VOLUNTARY", true), ("*", "EXPIRED.VOLUNTARY", false), ("SUBSCRIBED.INITIAL_BUY", "SUBSCRIBED.INITIAL_BUY", true),
    ])
    func topicPatternsMatchLikeTheBroker(pattern: String, key: String, matches: Bool) {
        #expect(TopicPattern(pattern).matches(key) == matches)
    }

    @Test func toNeedsFrom() {
        #expect(throws: (any Error).self) { try SubscriptionsCtl.parseAsRoot(["events", "stats", "--to", "2026-12-07T00:00:00Z"]) }
        #expect(throws: (any Error).self) { try SubscriptionsCtl.parseAsRoot(["events", "tail", "--from", "yesterday"]) }
        #expect(throws: Never.self) {
            try SubscriptionsCtl.parseAsRoot(["events", "stats", "--from", "first", "--to", "2026-12-07T00:00:00Z"])
        }
    }
}
