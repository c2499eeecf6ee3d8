import Testing

@testable import SubscriptionEngine

/// New subscriptions' `originalTransactionId`s (docs/engine.md, "Ids are deterministic"):
/// hashed, or time-ordered on a store with one writer. Test clocks: `SubscriptionIdSchemeTests`
/// (SubscriptionWireTests), where the store that scopes a clock is.
@Suite("New subscription ids")
struct NewSubscriptionIdTests {
    static let start = Timestamp.utc(2026, 1, 1)

    /// The millisecond a time-ordered id carries (digits 2 to 14), nil for an id of another shape.
    static func millisecond(of id: String) -> Int64? {
        guard id.count == 16, id.first == "3" else { return nil }
        return Int64(id.dropFirst().prefix(13))
    }

    /// A purchase on `store` at `now`; its subscription's id.
    static func buy(
        _ customer: String, at now: Timestamp, engine: SubscriptionEngine, store: inout InMemoryEngineStore,
        family: [String] = []
    ) throws -> String {
        let outcome = try engine.apply(
            .purchase(PurchaseRequest(
                customerId: customer, productId: "news.standard.monthly", storefront: "USA", familyMemberCustomerIds: family)),
            commandId: "buy-\(customer)", at: now, in: &store)
        #expect(outcome.reply.rejection == nil, "\(outcome.reply)")
        return try #require(try store.subscriptionIds(customerId: customer, groupId: "news").first)
    }

    @Test("hashed ids are the pure function of customer and group they were: 2 then 15 digits of SHA-1 (computed independently, in Python)")
    func hashedIds() throws {
        let id = try NewSubscriptionId.make(
            customerId: "alice", groupId: "news", at: Self.start, reserved: nil, in: InMemoryEngineStore())
        #expect(id == "2692449936161063")
        let engine = SubscriptionEngine(catalog: try exampleCatalog())
        var store = InMemoryEngineStore()
        #expect(try Self.buy("alice", at: Self.start, engine: engine, store: &store) == "2692449936161063")
    }

    @Test("time-ordered ids are 3, the purchase's millisecond and a 2-digit slot (the hashed id's last two), so later purchases sort after earlier ones")
    func timeOrderedIds() throws {
        let engine = SubscriptionEngine(catalog: try exampleCatalog())
        var store = InMemoryEngineStore(subscriptionIds: .timeOrdered)
        let times = try [0, 1, 2, 1_000, 60_000, 86_400_000].map { try Self.start.adding(milliseconds: Int64($0)) }
        var ids: [String] = []
        for (index, time) in times.enumerated() {
            let id = try Self.buy("customer-\(index)", at: time, engine: engine, store: &store)
            #expect(id.count == 16 && id.allSatisfy(\.isASCII) && UInt64(id) != nil)
            #expect(Self.millisecond(of: id) == time.millisecondsSince1970)
            ids.append(id)
        }
        #expect(ids == ids.sorted())
        #expect(ids.allSatisfy { $0 > "2999999999999999" })
        // 2026-01-01 is 1767225600000 ms; the slots are the hashed ids' last two digits (Python).
        #expect(ids.first == "3176722560000095")
        #expect(try Self.buy("alice", at: Self.start, engine: engine, store: &store) == "3176722560000063")
    }

    @Test("a clock that stands still: 150 purchases in one millisecond get 150 ids, the millisecond's slots first, then hashed ids")
    func standingClock() throws {
        let engine = SubscriptionEngine(catalog: try exampleCatalog())
        var store = InMemoryEngineStore(subscriptionIds: .timeOrdered)
        var ids: Set<String> = []
        for index in 0..<150 {
            ids.insert(try Self.buy("customer-\(index)", at: Self.start, engine: engine, store: &store))
        }
        #expect(ids.count == 150)
        let inTheMillisecond = ids.filter { Self.millisecond(of: $0) == Self.start.millisecondsSince1970 }
        #expect(inTheMillisecond.count <= 100)
        #expect(inTheMillisecond.count >= 60)
        #expect(ids.allSatisfy { $0.count == 16 && UInt64($0) != nil })
        #expect(ids.subtracting(inTheMillisecond).allSatisfy { $0.first == "2" })
    }

    @Test("a reserved id (the family purchaser's, not saved yet) is skipped like a taken one; a time 13 digits cannot hold gets a hashed id")
    func reservedAndOutOfRange() throws {
        let empty = InMemoryEngineStore(subscriptionIds: .timeOrdered)
        func make(at time: Timestamp, reserved: String?) throws -> String {
            try NewSubscriptionId.make(customerId: "alice", groupId: "news", at: time, reserved: reserved, in: empty)
        }
        let first = try make(at: Self.start, reserved: nil)
        #expect(first == "3176722560000063")
        #expect(try make(at: Self.start, reserved: first) == "3176722560000064")
        #expect(try make(at: Timestamp(millisecondsSince1970: -1), reserved: nil) == "2692449936161063")
        #expect(try make(at: Timestamp(millisecondsSince1970: 10_000_000_000_000), reserved: nil) == "2692449936161063")

        let engine = SubscriptionEngine(catalog: try exampleCatalog())
        var store = InMemoryEngineStore(subscriptionIds: .timeOrdered)
        var ids: Set<String> = []
        for family in 0..<40 {
            let purchaser = try Self.buy("parent-\(family)", at: Self.start, engine: engine, store: &store, family: ["kid-\(family)"])
            let member = try #require(try store.subscriptionIds(customerId: "kid-\(family)", groupId: "news").first)
            #expect(try store.subscription(member)?.familyPurchaserId == purchaser)
            ids.formUnion([purchaser, member])
        }
        #expect(ids.count == 80)
    }
}
