import Testing

@testable import SubscriptionEngine

/// The in-memory store's due index: the order the SQLite store's `(due_at, id)` index gives.
@Suite("Due index")
struct DueIndexTests {
    private let start = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    /// The index with each id's due time kept beside it, as the store's entries keep it.
    private struct Tracked {
        var index = DueIndex()
        var dues: [String: Timestamp] = [:]

        mutating func set(_ id: String, due: Timestamp?) {
            index.move(id, from: dues[id], to: due)
            dues[id] = due
        }

        /// Every id due at or before `time`, in the order a sort of the kept due times gives.
        func expected(atOrBefore time: Timestamp) -> [String] { inDueOrder(dues.filter { $0.value <= time }) }
    }

    @Test("ids come by due time, then by id in UTF-8 byte order (SQLite's BINARY), also ids sharing their first eight bytes or shorter")
    func order() throws {
        var index = Tracked()
        let ids = ["b", "abcdefgh2", "abcdefgh10", "abcdefgh", "abcdefg", "Z", "é", "e", "000000000001", "10"]
        for id in ids { index.set(id, due: start) }
        index.set("later", due: try start.adding(milliseconds: 1))
        index.set("earlier", due: try start.adding(milliseconds: -1))
        let expected = ["earlier"] + ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } + ["later"]
        #expect(try index.index.ids(atOrBefore: start.adding(days: 1), limit: 100) == expected)
        #expect(index.index.ids(atOrBefore: start, limit: 3) == ["earlier", "000000000001", "10"])
        #expect(try index.index.earliest == start.adding(milliseconds: -1))
    }

    @Test("moving and clearing a due time removes the old entry, across thousands of ties in several chunks")
    func moveAndClear() throws {
        var index = Tracked()
        for number in 0..<3_000 { index.set("s\(number)", due: start) }
        for number in stride(from: 0, to: 3_000, by: 2) { index.set("s\(number)", due: try start.adding(days: 1)) }
        for number in stride(from: 1, to: 3_000, by: 4) { index.set("s\(number)", due: nil) }
        let now = index.index.ids(atOrBefore: start, limit: 10_000)
        #expect(now.count == 750)
        #expect(now.allSatisfy { Int($0.dropFirst()).map { $0 % 4 == 3 } ?? false })
        #expect(now == now.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(try index.index.ids(atOrBefore: start.adding(days: 1), limit: 10_000).count == 2_250)
    }

    @Test("random moves, clears and re-adds over many chunks keep the index equal to a sort of the due times")
    func randomMoves() throws {
        var index = Tracked()
        // xorshift64: the same sequence every run, so a failure repeats.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        for _ in 0..<40_000 {
            let id = "2\(1_000_000 + next() % 5_000)"
            let roll = next() % 10
            // Few distinct times, so that ties fill chunks and runs of one time span several.
            index.set(id, due: roll == 0 ? nil : try start.adding(milliseconds: Int64(roll % 4)))
        }
        for offset in 0..<4 {
            let time = try start.adding(milliseconds: Int64(offset))
            #expect(index.index.ids(atOrBefore: time, limit: 100_000) == index.expected(atOrBefore: time))
        }
        #expect(index.index.earliest == index.dues.values.min())
        for id in index.dues.keys { index.set(id, due: nil) }
        #expect(index.index.earliest == nil)
        #expect(try index.index.ids(atOrBefore: start.adding(days: 1), limit: 10).isEmpty)
    }
}
