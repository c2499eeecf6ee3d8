import Testing

@testable import SubscriptionEngine

@Suite struct TimestampTests {
    @Test("R-REN-3 calendar arithmetic in UTC clamps month ends", arguments: [
        (Timestamp.utc(2026, 1, 31), ISOPeriod.oneMonth, 1, Timestamp.utc(2026, 2, 28)),
        (Timestamp.utc(2028, 1, 31), ISOPeriod.oneMonth, 1, Timestamp.utc(2028, 2, 29)),
        (Timestamp.utc(2026, 1, 31), ISOPeriod.oneMonth, 2, Timestamp.utc(2026, 3, 31)),
        (Timestamp.utc(2028, 2, 29), ISOPeriod.oneYear, 1, Timestamp.utc(2029, 2, 28)),
        (Timestamp.utc(2026, 12, 15, 10), ISOPeriod.twoMonths, 1, Timestamp.utc(2027, 2, 15, 10)),
        (Timestamp.utc(2026, 3, 1), ISOPeriod.oneWeek, 3, Timestamp.utc(2026, 3, 22)),
        (Timestamp.utc(1969, 12, 31), ISOPeriod.oneMonth, 1, Timestamp.utc(1970, 1, 31)),
    ])
    func periods(start: Timestamp, period: ISOPeriod, times: Int, expected: Timestamp) throws {
        #expect(try start.adding(period, times: times) == expected)
    }

    @Test("R-REN-3 timestamps are milliseconds since 1970 and print as ISO 8601")
    func representation() {
        #expect(Timestamp.utc(1970, 1, 2).millisecondsSince1970 == 86_400_000)
        #expect(Timestamp.utc(2026, 3, 1, 12, 30, 5).description == "2026-03-01T12:30:05.000Z")
    }

    @Test("R-EVT-3 name-based UUIDs are stable RFC 4122 version 5 values")
    func uuids() {
        let uuid = NameBasedUUID.make("2000000000000001/1")
        #expect(uuid == NameBasedUUID.make("2000000000000001/1"))
        #expect(uuid != NameBasedUUID.make("2000000000000001/2"))
        #expect(uuid.count == 36)
        #expect(Array(uuid)[14] == "5")
        // The value Python's uuid.uuid5 gives for the engine's namespace and this name: ids in
        // stored events and on the wire never change across versions.
        #expect(uuid == "3b8706e9-9253-5dab-89f2-252de791323a")
        // A name longer than one SHA-1 block.
        #expect(NameBasedUUID.make(String(repeating: "x", count: 130)) == "c536bc63-95bf-565e-85ee-9d51ef76839c")
    }
}
