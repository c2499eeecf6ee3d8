/// A sorted index of (due time, id), for `InMemoryEngineStore`.
struct DueIndex: Sendable {
    private var entries: [(time: Timestamp, id: String)] = []
    private var dueById: [String: Timestamp] = [:]

    mutating func set(_ id: String, due: Timestamp?) {
        if let old = dueById[id], let index = position(of: (old, id)), entries[index].id == id {
            entries.remove(at: index)
        }
        dueById[id] = due
        guard let due else { return }
        entries.insert((due, id), at: position(of: (due, id)) ?? entries.count)
    }

    func ids(atOrBefore time: Timestamp, limit: Int) -> [String] {
        var result: [String] = []
        for entry in entries {
            guard entry.time <= time, result.count < limit else { break }
            result.append(entry.id)
        }
        return result
    }

    var earliest: Timestamp? { entries.first?.time }

    /// First index whose entry is not before `key`.
    private func position(of key: (Timestamp, String)) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            let entry = entries[mid]
            if entry.time < key.0 || (entry.time == key.0 && entry.id < key.1) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
