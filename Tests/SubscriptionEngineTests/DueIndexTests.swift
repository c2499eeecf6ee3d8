import Testing

@testable import SubscriptionEngine

/// The in-memory store's due index: the order the SQLite store's `(due_at, id)` index gives.
@Suite("Due index")
struct DueIndexTests {
    private let start = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    @Test("ids come by due time, then by id in UTF-8 byte order (SQLite's BINARY), also ids sharing their first eight bytes or shorter")
    func order() {
        var index = DueIndex()
        let ids = ["b", "abcdefgh2", "abcdefgh10", "abcdefgh", "abcdefg", "Z", "é", "e", "000000000001", "10"]
        for id in ids { index.set(id, due: start) }
        index.set("later", due: start.adding(milliseconds: 1))
        index.set("earlier", due: start.adding(milliseconds: -1))
        let expected = ["earlier"] + ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } + ["later"]
        #expect(index.ids(atOrBefore: start.adding(days: 1), limit: 100) == expected)
        #expect(index.ids(atOrBefore: start, limit: 3) == ["earlier", "000000000001", "10"])
        #expect(index.earliest == start.adding(milliseconds: -1))
    }

    @Test("moving and clearing a due time removes the old entry, across thousands of ties in several chunks")
    func moveAndClear() {
        var index = DueIndex()
        for number in 0..<3_000 { index.set("s\(number)", due: start) }
        for number in stride(from: 0, to: 3_000, by: 2) { index.set("s\(number)", due: start.adding(days: 1)) }
        for number in stride(from: 1, to: 3_000, by: 4) { index.set("s\(number)", due: nil) }
        let now = index.ids(atOrBefore: start, limit: 10_000)
        #expect(now.count == 750)
        #expect(now.allSatisfy { Int($0.dropFirst()).map { $0 % 4 == 3 } ?? false })
        #expect(now == now.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(index.ids(atOrBefore: start.adding(days: 1), limit: 10_000).count == 2_250)
    }
}
