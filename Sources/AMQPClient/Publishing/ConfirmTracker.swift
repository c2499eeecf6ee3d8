/// Publishes awaiting a broker confirm on one channel, by delivery tag (the channel's publish
/// sequence number, from 1 after `confirm.select`).
///
/// `basic.ack`/`basic.nack` with `multiple` settle every tag up to and including theirs; a
/// `basic.return` (mandatory, unroutable) precedes the ack of the same message and turns that
/// ack into a failure. Pure logic: the connection thread owns one instance per channel.
struct ConfirmTracker<Pending> {
    /// How one publish ended.
    enum Outcome {
        case confirmed
        case returned(replyCode: UInt16, replyText: String)
        case nacked
    }

    private var pending: [(tag: UInt64, value: Pending)] = []
    private var returns: [UInt64: (UInt16, String)] = [:]
    private(set) var nextTag: UInt64 = 1

    /// Number of publishes awaiting their confirm.
    var count: Int { pending.count }

    /// Records the next publish and returns its delivery tag.
    mutating func register(_ value: Pending) -> UInt64 {
        let tag = nextTag
        nextTag += 1
        pending.append((tag, value))
        return tag
    }

    /// Marks the publish with `tag` as returned by the broker.
    mutating func markReturned(tag: UInt64, replyCode: UInt16, replyText: String) {
        returns[tag] = (replyCode, replyText)
    }

    /// Settles publishes after a `basic.ack` (or `basic.nack` when `nacked`).
    mutating func settle(tag: UInt64, multiple: Bool, nacked: Bool) -> [(Pending, Outcome)] {
        var settled: [(Pending, Outcome)] = []
        var remaining: [(tag: UInt64, value: Pending)] = []
        remaining.reserveCapacity(pending.count)
        for entry in pending {
            let matches = multiple ? entry.tag <= tag : entry.tag == tag
            guard matches else {
                remaining.append(entry)
                continue
            }
            if nacked {
                settled.append((entry.value, .nacked))
            } else if let (code, text) = returns[entry.tag] {
                settled.append((entry.value, .returned(replyCode: code, replyText: text)))
            } else {
                settled.append((entry.value, .confirmed))
            }
            returns[entry.tag] = nil
        }
        pending = remaining
        return settled
    }

    /// Removes every unsettled publish (the channel or connection is gone) and restarts the
    /// tag sequence, as a new `confirm.select` does.
    mutating func removeAll() -> [Pending] {
        let values = pending.map(\.value)
        pending = []
        returns = [:]
        nextTag = 1
        return values
    }
}
