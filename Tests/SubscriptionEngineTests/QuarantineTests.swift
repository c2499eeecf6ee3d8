import CompactCoding
import Testing

@testable import SubscriptionEngine

/// A stored value the engine's checked arithmetic refuses, met by a timer: the subscription is
/// quarantined with a `QUARANTINED` event and every other subscription is served
/// (docs/reliability.md, "Poison").
@Suite struct QuarantineTests {
    /// A two-item Advanced Commerce subscription whose stored renewal price cannot be summed
    /// (as a stored value from before the entries were bounded would be), and an ordinary one.
    static func poisoned() throws -> (Harness, poisoned: String, healthy: String) {
        var harness = try Harness()
        let poisoned = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990)])
        let healthy = try harness.purchase("news.basic.monthly", customer: "bob")
        var subscription = try harness.subscription(poisoned)
        subscription.items[1].price = Milliunits(.max)
        try harness.store.save(subscription)
        return (harness, poisoned, healthy)
    }

    @Test("a renewal refused on a stored Int64.max price quarantines that subscription; the other renews")
    func renewalQuarantines() throws {
        var (harness, poisoned, healthy) = try Self.poisoned()
        let fired = try harness.advance(to: .utc(2026, 2, 1))
        let ofPoisoned = fired.filter { $0.subscriptionId == poisoned }
        #expect(Harness.kinds(ofPoisoned) == ["QUARANTINED/-"])
        #expect(Harness.kinds(fired.filter { $0.subscriptionId == healthy }) == ["DID_RENEW/-"])
        let quarantined = try harness.subscription(poisoned)
        #expect(quarantined.quarantine?.dueAt == .utc(2026, 2, 1))
        #expect(quarantined.quarantine?.reason.contains("4009005") == true)
        #expect(quarantined.nextDueTime == nil)
        #expect(quarantined.state == .active)
        // Nothing of the refused renewal was kept: the period did not move on.
        #expect(quarantined.expiresDate == .utc(2026, 2, 1))
        // Later advances fire nothing for it, and keep serving the other one.
        let later = try harness.advance(to: .utc(2026, 3, 1))
        #expect(later.allSatisfy { $0.subscriptionId == healthy })
        #expect(Harness.kinds(later) == ["DID_RENEW/-"])
    }

    @Test("releasing a quarantine makes its timer due again; refused again, it is quarantined again")
    func releaseAndRequarantine() throws {
        var (harness, poisoned, _) = try Self.poisoned()
        try harness.advance(to: .utc(2026, 2, 1))
        let lifted = try harness.engine.releaseQuarantine(of: poisoned, store: &harness.store)
        #expect(lifted?.dueAt == .utc(2026, 2, 1))
        #expect(try harness.subscription(poisoned).nextDueTime == .utc(2026, 2, 1))
        let again = try harness.advance(to: .utc(2026, 2, 2))
        #expect(Harness.kinds(again.filter { $0.subscriptionId == poisoned }) == ["QUARANTINED/-"])
        #expect(try harness.engine.releaseQuarantine(of: "no-such-subscription", store: &harness.store) == nil)
    }

    @Test("a subscription named by the crash journal is quarantined with an event, once")
    func quarantineByName() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        let events = try harness.engine.quarantine(id, reason: "the consumer died", at: .utc(2026, 1, 2), store: &harness.store)
        #expect(Harness.kinds(events) == ["QUARANTINED/-"])
        #expect(try harness.subscription(id).quarantine?.reason == "the consumer died")
        #expect(try harness.engine.quarantine(id, reason: "again", at: .utc(2026, 1, 3), store: &harness.store).isEmpty)
    }

    @Test("the quarantine survives the stored record")
    func recordRoundTrip() throws {
        var (harness, poisoned, _) = try Self.poisoned()
        try harness.advance(to: .utc(2026, 2, 1))
        let subscription = try harness.subscription(poisoned)
        #expect(subscription.quarantine != nil)
        #expect(try Subscription(recordBytes: subscription.recordBytes()).quarantine == subscription.quarantine)
    }
}
