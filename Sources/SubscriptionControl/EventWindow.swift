import Foundation
import SubscriptionTopology

/// What `events tail` and `events stats` keep when they read the event log (`--from`, `--to`,
/// `--bind`): events signed in `[from, to)`, each once (by `message_id`), whose routing key
/// matches a pattern; and when to stop (docs/event-stream.md, "Reading from a point").
struct EventWindow: Sendable {
    /// What to keep, and whether the reading is over.
    enum Decision: Equatable {
        case keep
        case skip
        /// The event was signed so long after `to` that nothing signed before it can follow.
        case end
    }

    let position: EventLogPosition
    let to: Date?
    let patterns: [TopicPattern]
    /// Only this subscription's events (`--subscription`), when set.
    let subscription: String?
    /// How long after `to` an event may be signed while earlier ones still follow it (the
    /// stream is in append order, a little different from signing order across subscriptions).
    static let lateness: TimeInterval = 60
    private var seen: Set<String> = []

    init(position: EventLogPosition, to: Date?, patterns: [String], subscription: String? = nil) {
        self.position = position
        self.to = to
        self.patterns = patterns.map(TopicPattern.init)
        self.subscription = subscription
    }

    /// Decides about an event of `subscription`, signed at `signedDate`, with `routingKey` and `messageID`.
    mutating func decide(subscription: String = "", signedDate: Date, routingKey: String, messageID: String?) -> Decision {
        if let to, signedDate >= to {
            return signedDate >= to.addingTimeInterval(Self.lateness) ? .end : .skip
        }
        if let wanted = self.subscription, wanted != subscription { return .skip }
        guard position.includes(signedAt: signedDate) else { return .skip }
        guard patterns.isEmpty || patterns.contains(where: { $0.matches(routingKey) }) else { return .skip }
        if let messageID, !seen.insert(messageID).inserted { return .skip }
        return .keep
    }
}

/// An AMQP topic pattern (`*` one word, `#` zero or more), matched by the reader: the event log
/// holds every event, so `--bind` filters on the client side.
struct TopicPattern: Sendable, Equatable {
    let words: [Substring]

    init(_ pattern: String) {
        words = pattern.split(separator: ".", omittingEmptySubsequences: false)
    }

    func matches(_ routingKey: String) -> Bool {
        Self.match(words[...], routingKey.split(separator: ".", omittingEmptySubsequences: false)[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ key: ArraySlice<Substring>) -> Bool {
        guard let word = pattern.first else { return key.isEmpty }
        if word == "#" {
            let rest = pattern.dropFirst()
            return (0...key.count).contains { match(rest, key.dropFirst($0)) }
        }
        guard let first = key.first, word == "*" || word == first else { return false }
        return match(pattern.dropFirst(), key.dropFirst())
    }
}
