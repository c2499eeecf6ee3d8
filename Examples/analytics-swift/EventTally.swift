import Foundation
import SubscriptionMessages

/// The tally the three analytics examples print, in the same bytes (Examples/README.md, "Tally
/// format"): events by `<TYPE>.<SUBTYPE>`, every message handled, the undecodable ones and, when
/// reading the event log, the duplicates dropped and the events out of their subscription's order.
struct EventTally {
    var total = 0
    var undecodable = 0
    var byType: [String: Int] = [:]
    /// Whether duplicates and order are tracked (reading the stream with `--from`).
    let readsStream: Bool
    var duplicates = 0
    var outOfOrder = 0
    /// `message_id`s seen: a re-published event carries the same one (at least once).
    private var seen: Set<String> = []
    /// The last `sequence` counted per subscription.
    private var lastSequence: [String: UInt64] = [:]

    init(readsStream: Bool) {
        self.readsStream = readsStream
    }

    /// Counts a message that is not a `NotificationEvent`.
    mutating func countUndecodable() {
        total += 1
        undecodable += 1
    }

    /// Counts a decoded event; a duplicate (reading the stream) is counted apart, not by type.
    mutating func count(_ event: Subscriptions_V1_NotificationEvent, messageID: String?) {
        total += 1
        if readsStream {
            if let messageID, !seen.insert(messageID).inserted {
                duplicates += 1
                return
            }
            if !event.subscriptionID.isEmpty {
                if let last = lastSequence[event.subscriptionID], event.sequence <= last { outOfOrder += 1 }
                lastSequence[event.subscriptionID] = max(event.sequence, lastSequence[event.subscriptionID] ?? 0)
            }
        }
        byType[event.routingKey, default: 0] += 1
    }

    /// One line of JSON, keys in byte order, `", "` and `": "` separators (Python's
    /// `json.dumps(sort_keys=True)`), newline-terminated. Keys are enum names, digits, `_` and
    /// `.`: nothing to escape.
    var json: String {
        let types = byType.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
            .map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
        let stream = readsStream ? "\"duplicates\": \(duplicates), \"out_of_order\": \(outOfOrder), " : ""
        return "{\"by_type\": {\(types)}, \(stream)\"total\": \(total), \"undecodable\": \(undecodable)}\n"
    }
}
