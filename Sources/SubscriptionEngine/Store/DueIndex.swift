/// A sorted index of (due time, id), for `InMemoryEngineStore`: chunks of at most
/// `chunkLimit` sorted entries, so an insert or a removal moves a few hundred entries, not all
/// of them (a benchmark of the engine alone keeps a hundred thousand subscriptions in it).
struct DueIndex: Sendable {
    private struct Entry: Comparable, Sendable {
        var time: Timestamp
        var id: String

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            lhs.time != rhs.time ? lhs.time < rhs.time : lhs.id < rhs.id
        }
    }

    private static let chunkLimit = 512
    private var chunks: [[Entry]] = []
    private var dueById: [String: Timestamp] = [:]

    mutating func set(_ id: String, due: Timestamp?) {
        if let old = dueById[id] {
            if old == due { return }
            remove(Entry(time: old, id: id))
        }
        dueById[id] = due
        guard let due else { return }
        insert(Entry(time: due, id: id))
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
        var high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            // Chunks are never empty.
            if let last = chunks[mid].last, last < entry { low = mid + 1 } else { high = mid }
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
            return
        }
        let index = min(chunkIndex(for: entry), chunks.count - 1)
        chunks[index].insert(entry, at: Self.position(of: entry, in: chunks[index]))
        if chunks[index].count > Self.chunkLimit {
            let upper = Array(chunks[index][(Self.chunkLimit / 2)...])
            chunks[index].removeLast(upper.count)
            chunks.insert(upper, at: index + 1)
        }
    }

    private mutating func remove(_ entry: Entry) {
        let index = chunkIndex(for: entry)
        guard index < chunks.count else { return }
        let position = Self.position(of: entry, in: chunks[index])
        guard position < chunks[index].count, chunks[index][position] == entry else { return }
        chunks[index].remove(at: position)
        if chunks[index].isEmpty { chunks.remove(at: index) }
    }
}
