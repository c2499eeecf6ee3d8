/// Publishes awaiting a broker confirm on one channel, by delivery tag (the channel's publish
/// sequence number, from 1 after `confirm.select`).
///
/// `basic.ack`/`basic.nack` with `multiple` settle every tag up to and including theirs; a
/// `basic.return` (mandatory, unroutable) precedes the ack of the same message and turns that
/// ack into a failure. Pure logic: the connection thread owns one instance per channel.
///
/// Tags are consecutive, so a publish lives in the slot `tag - base`: registering, a single
/// confirm and a `multiple` confirm of the oldest publishes are O(1) per settled publish
/// (the broker confirms thousands per second; a scan of the window per confirm was quadratic).
struct ConfirmTracker<Pending> {
    /// How one publish ended.
    enum Outcome {
        case confirmed
        case returned(replyCode: UInt16, replyText: String)
        case nacked
    }

    /// Slot `i` holds the publish with tag `base + i`, nil once settled.
    private var slots: [Pending?] = []
    /// Tag of `slots[0]`; every tag below it is settled.
    private var base: UInt64 = 1
    /// Index of the first slot that may still be unsettled.
    private var head = 0
    private var returns: [UInt64: (UInt16, String)] = [:]
    private(set) var nextTag: UInt64 = 1
    /// Number of publishes awaiting their confirm.
    private(set) var count = 0

    /// Records the next publish and returns its delivery tag.
    mutating func register(_ value: Pending) -> UInt64 {
        let tag = nextTag
        nextTag += 1
        slots.append(value)
        count += 1
        return tag
    }

    /// Marks the publish with `tag` as returned by the broker.
    mutating func markReturned(tag: UInt64, replyCode: UInt16, replyText: String) {
        returns[tag] = (replyCode, replyText)
    }

    /// Settles publishes after a `basic.ack` (or `basic.nack` when `nacked`), oldest first.
    mutating func settle(tag: UInt64, multiple: Bool, nacked: Bool) -> [(Pending, Outcome)] {
        guard tag >= base, count > 0 else { return [] }
        let last = min(Int(tag - base), slots.count - 1)
        guard last >= head else { return [] }
        var settled: [(Pending, Outcome)] = []
        for index in (multiple ? head : last)...last {
            guard let value = slots[index] else { continue }
            slots[index] = nil
            count -= 1
            let slotTag = base + UInt64(index)
            if nacked {
                settled.append((value, .nacked))
            } else if !returns.isEmpty, let (code, text) = returns.removeValue(forKey: slotTag) {
                settled.append((value, .returned(replyCode: code, replyText: text)))
            } else {
                settled.append((value, .confirmed))
            }
            if nacked, !returns.isEmpty { returns[slotTag] = nil }
        }
        while head < slots.count, slots[head] == nil { head += 1 }
        if head == slots.count {
            base += UInt64(slots.count)
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1024, head * 2 > slots.count {
            slots.removeFirst(head)
            base += UInt64(head)
            head = 0
        }
        return settled
    }

    /// Removes every unsettled publish (the channel or connection is gone) and restarts the
    /// tag sequence, as a new `confirm.select` does.
    mutating func removeAll() -> [Pending] {
        let values = slots[head...].compactMap { $0 }
        slots = []
        head = 0
        base = 1
        count = 0
        returns = [:]
        nextTag = 1
        return values
    }
}
