/// Bounds how many committed batches wait for their confirms at once (the pipeline's depth).
actor BatchSlots {
    private let count: Int
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var draining: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        self.count = count
        free = count
    }

    /// Waits until every committed batch was settled (all slots free): its deliveries acked or
    /// handed back.
    func drain() async {
        if free == count { return }
        await withCheckedContinuation { draining.append($0) }
    }

    /// Takes a slot, waiting for one when all are in use.
    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Returns a slot (a batch was settled, or nothing was committed).
    func release() {
        if waiting.isEmpty {
            free += 1
            if free == count {
                for continuation in draining { continuation.resume() }
                draining.removeAll()
            }
        } else {
            waiting.removeFirst().resume()
        }
    }
}
