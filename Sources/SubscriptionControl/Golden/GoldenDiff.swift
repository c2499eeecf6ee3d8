import Foundation
import SubscriptionMessages
import SwiftProtobuf

/// Compares two event streams byte for byte in a canonical order (docs/golden-replays.md):
/// per subscription by `sequence`, subscriptions by id, events without a subscription (mass
/// extension summaries) first, by `notification_uuid`. Across subscriptions the order of
/// arrival is not part of the contract, so it is not compared. A redelivered event (the same key
/// and the same bytes) counts once.
public struct GoldenDiff: Sendable {
    /// Where an event stands in the canonical order.
    public struct Key: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The subscription (`originalTransactionId`); empty for a summary.
        public var subscriptionID: String
        /// The per-subscription sequence; 0 for a summary.
        public var sequence: UInt64
        /// The notification UUID of a summary; empty for an event of a subscription.
        public var uuid: String

        /// The key of `event`.
        public init(_ event: Subscriptions_V1_NotificationEvent) {
            subscriptionID = event.subscriptionID
            sequence = event.sequence
            uuid = event.subscriptionID.isEmpty ? event.notificationUuid : ""
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.subscriptionID, lhs.sequence, lhs.uuid) < (rhs.subscriptionID, rhs.sequence, rhs.uuid)
        }

        public var description: String {
            subscriptionID.isEmpty ? "summary \(uuid)" : "subscription \(subscriptionID) #\(sequence)"
        }
    }

    /// One difference.
    public enum Difference: Sendable, Equatable {
        /// The recording has this event, the replay has none at its place.
        case onlyInRecording(Key, routingKey: String)
        /// The replay has this event, the recording has none at its place.
        case onlyInReplay(Key, routingKey: String)
        /// Both have an event at this place and their bytes differ; `fields` names each field that
        /// differs (JSON path, recorded value, replayed value).
        case changed(Key, routingKey: String, fields: [FieldChange])
    }

    /// A field whose value differs, by its protobuf JSON path (`data.transactionInfo.price`).
    public struct FieldChange: Sendable, Equatable {
        public var path: String
        public var recorded: String
        public var replayed: String

        /// A change of `path` from `recorded` to `replayed`.
        public init(path: String, recorded: String, replayed: String) {
            self.path = path
            self.recorded = recorded
            self.replayed = replayed
        }
    }

    /// Events of the recording, after deduplication.
    public let recordedCount: Int
    /// Events of the replay, after deduplication.
    public let replayedCount: Int
    /// Subscriptions with events in either stream.
    public let subscriptionCount: Int
    /// Every difference, in canonical order.
    public let differences: [Difference]

    /// Compares the serialized events of a recording with those of a replay.
    public init(recorded: [Data], replayed: [Data]) {
        let left = Self.canonical(recorded)
        let right = Self.canonical(replayed)
        recordedCount = left.count
        replayedCount = right.count
        let keys = Set(left.keys).union(right.keys).sorted()
        subscriptionCount = Set(keys.map(\.subscriptionID).filter { !$0.isEmpty }).count
        var differences: [Difference] = []
        for key in keys {
            switch (left[key], right[key]) {
            case (let recorded?, let replayed?) where recorded.bytes != replayed.bytes:
                differences.append(.changed(key, routingKey: recorded.event.routingKey, fields: Self.fieldChanges(recorded.event, replayed.event)))
            case (let recorded?, nil):
                differences.append(.onlyInRecording(key, routingKey: recorded.event.routingKey))
            case (nil, let replayed?):
                differences.append(.onlyInReplay(key, routingKey: replayed.event.routingKey))
            default:
                break
            }
        }
        self.differences = differences
    }

    /// Whether both streams are the same, byte for byte.
    public var identical: Bool { differences.isEmpty }

    private struct Entry {
        var bytes: Data
        var event: Subscriptions_V1_NotificationEvent
    }

    /// Events by key; the first of several with one key wins (a redelivery has the same bytes).
    /// Bytes that are no event are keyed as a summary with no UUID, so they still differ.
    private static func canonical(_ events: [Data]) -> [Key: Entry] {
        var entries: [Key: Entry] = [:]
        for bytes in events {
            let event = (try? Subscriptions_V1_NotificationEvent(serializedBytes: bytes)) ?? Subscriptions_V1_NotificationEvent()
            let key = Key(event)
            if entries[key] == nil { entries[key] = Entry(bytes: bytes, event: event) }
        }
        return entries
    }

    /// The fields that differ, as protobuf JSON paths (a field at its zero value is not printed
    /// in protobuf JSON, so it shows as `(absent)`); empty when only the encoding differs.
    static func fieldChanges(_ recorded: Subscriptions_V1_NotificationEvent, _ replayed: Subscriptions_V1_NotificationEvent) -> [FieldChange] {
        let left = flatten(recorded)
        let right = flatten(replayed)
        return Set(left.keys).union(right.keys).sorted().compactMap { path in
            let old = left[path] ?? "(absent)"
            let new = right[path] ?? "(absent)"
            return old == new ? nil : FieldChange(path: path, recorded: old, replayed: new)
        }
    }

    private static func flatten(_ event: Subscriptions_V1_NotificationEvent) -> [String: String] {
        var options = JSONEncodingOptions()
        options.alwaysPrintInt64sAsNumbers = true
        guard let data = try? event.jsonUTF8Data(options: options),
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return [:] }
        var fields: [String: String] = [:]
        flatten(object, path: "", into: &fields)
        return fields
    }

    private static func flatten(_ value: Any, path: String, into fields: inout [String: String]) {
        if let object = value as? [String: Any] {
            for (key, value) in object { flatten(value, path: path.isEmpty ? key : "\(path).\(key)", into: &fields) }
            if object.isEmpty { fields[path] = "{}" }
        } else if let array = value as? [Any] {
            for (index, value) in array.enumerated() { flatten(value, path: "\(path)[\(index)]", into: &fields) }
            if array.isEmpty { fields[path] = "[]" }
        } else if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes]) {
            fields[path] = String(decoding: data, as: UTF8.self)
        }
    }

    /// The report: `identical: …` or `different: …` followed by up to `limit` differences.
    public func report(commands: Int, limit: Int) -> [String] {
        guard !identical else {
            return ["identical: \(commands) commands replayed; \(recordedCount) events of \(subscriptionCount) subscription(s) equal byte for byte"]
        }
        var changed = 0, missing = 0, extra = 0
        for difference in differences {
            switch difference {
            case .changed: changed += 1
            case .onlyInRecording: missing += 1
            case .onlyInReplay: extra += 1
            }
        }
        var lines = [
            "different: \(commands) commands replayed; of \(recordedCount) recorded and \(replayedCount) replayed events, \(changed) differ, \(missing) only in the recording, \(extra) only in the replay"
        ]
        for difference in differences.prefix(limit) {
            switch difference {
            case .changed(let key, let routingKey, let fields):
                lines.append("changed \(key) \(routingKey):")
                if fields.isEmpty { lines.append("  the same fields, encoded differently") }
                for field in fields { lines.append("  \(field.path): \(field.recorded) → \(field.replayed)") }
            case .onlyInRecording(let key, let routingKey):
                lines.append("only in the recording: \(key) \(routingKey)")
            case .onlyInReplay(let key, let routingKey):
                lines.append("only in the replay: \(key) \(routingKey)")
            }
        }
        if differences.count > limit { lines.append("… and \(differences.count - limit) more difference(s)") }
        return lines
    }
}
