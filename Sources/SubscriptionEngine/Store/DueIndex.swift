/// A sorted index of (due time, id), for `InMemoryEngineStore`: chunks of at most
/// `chunkLimit` sorted entries, so an insert or a removal moves a few hundred entries, not all
/// of them (a benchmark of the engine alone keeps a hundred thousand subscriptions in it).
struct DueIndex: Sendable {
    /// Ordered by time, then by id in UTF-8 byte order (SQLite's `BINARY` collation, so the
    /// order matches the SQLite store's `(due_at, id)` index). The first eight bytes of the id,
    /// big-endian, decide most ties without comparing strings: a benchmark of the engine alone
    /// buys a hundred thousand subscriptions at the same instant, all due together.
    private struct Entry: Comparable, Sendable {
        var time: Timestamp
        var prefix: UInt64
        var id: String

        init(time: Timestamp, id: String) {
            self.time = time
            self.id = id
            var prefix: UInt64 = 0
            var count = 0
            for byte in id.utf8.prefix(8) {
                prefix = prefix << 8 | UInt64(byte)
                count += 1
            }
            // Shorter ids are padded with zero bytes: "ab" sorts before "ab\0…" only by length,
            // which the full comparison below settles.
            self.prefix = count == 8 ? prefix : prefix << (8 * UInt64(8 - count))
        }

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            if lhs.time != rhs.time { return lhs.time < rhs.time }
            if lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix }
            return lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.time == rhs.time && lhs.prefix == rhs.prefix && lhs.id.utf8.elementsEqual(rhs.id.utf8)
        }
    }

    private static let chunkLimit = 512
    private var chunks: [[Entry]] = []
    /// The last entry of each chunk, side by side, so that finding a chunk reads one array.
    private var lasts: [Entry] = []

    /// Moves `id` from the due time it is indexed under (`old`; nil: not indexed) to `new`
    /// (nil: no longer due). The caller keeps each id's due time (the store's entry or job).
    mutating func move(_ id: String, from old: Timestamp?, to new: Timestamp?) {
        if let old { remove(Entry(time: old, id: id)) }
        if let new { insert(Entry(time: new, id: id)) }
    }

    func ids(atOrBefore time: Timestamp, limit: Int) -> [String] {
        var result: [String] = []
        for chunk in chunks {
            for entry in chunk {
                guard entry.time <= time, result.count < limit else { return result }
                result.append(entry.id)
            }
        }
        return result
    }

    var earliest: Timestamp? { chunks.first?.first?.time }

    /// The chunk that holds, or would hold, `entry`: the first whose last entry is not before it.
    private func chunkIndex(for entry: Entry) -> Int {
        var low = 0
        var high = lasts.count
        while low < high {
            let mid = (low + high) / 2
            if lasts[mid] < entry { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private static func position(of entry: Entry, in chunk: [Entry]) -> Int {
        var low = 0
        var high = chunk.count
        while low < high {
            let mid = (low + high) / 2
            if chunk[mid] < entry { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private mutating func insert(_ entry: Entry) {
        guard !chunks.isEmpty else {
            chunks = [[entry]]
            lasts = [entry]
            return
        }
        let index = min(chunkIndex(for: entry), chunks.count - 1)
        let position = Self.position(of: entry, in: chunks[index])
        chunks[index].insert(entry, at: position)
        if position == chunks[index].count - 1 { lasts[index] = entry }
        if chunks[index].count > Self.chunkLimit {
            let upper = Array(chunks[index][(Self.chunkLimit / 2)...])
            chunks[index].removeLast(upper.count)
            chunks.insert(upper, at: index + 1)
            // Chunks are never empty.
            lasts[index] = chunks[index][chunks[index].count - 1]
            lasts.insert(upper[upper.count - 1], at: index + 1)
        }
    }

    private mutating func remove(_ entry: Entry) {
        let index = chunkIndex(for: entry)
        guard index < chunks.count else { return }
        let position = Self.position(of: entry, in: chunks[index])
        guard position < chunks[index].count, chunks[index][position] == entry else { return }
        chunks[index].remove(at: position)
        if chunks[index].isEmpty {
            chunks.remove(at: index)
            lasts.remove(at: index)
        } else if position == chunks[index].count {
            lasts[index] = chunks[index][position - 1]
        }
    }
}
