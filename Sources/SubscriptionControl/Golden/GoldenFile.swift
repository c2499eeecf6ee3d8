import Foundation
import SubscriptionMessages

/// A recording of a run (docs/golden-replays.md): every command the bus received and every
/// event it published, in the order the recorder's queue got them, as JSON lines. Each message
/// keeps its exact AMQP body (base64), so a replay sends the same commands and compares the same
/// event bytes; the other fields are for people reading the file (and `jq`).
///
/// ```
/// {"busPrefix":"subscriptions","format":"subscriptions-golden","kind":"header","version":1,…}
/// {"body":"…","commandId":"…","kind":"command","n":1,"receivedAt":"…","routingKey":"subscriptions.v1.SubscriptionCommands/CreateTestClock",…}
/// {"body":"…","kind":"event","n":2,"receivedAt":"…","routingKey":"SUBSCRIBED.INITIAL_BUY","sequence":1,"subscriptionId":"…"}
/// {"commands":1,"events":1,"kind":"end"}
/// ```
public struct GoldenFile: Sendable, Equatable {
    /// The `format` of the header line.
    public static let format = "subscriptions-golden"
    /// The version of the file format this code reads and writes.
    public static let version = 1

    /// One recorded command: the `CommandEnvelope` as published and the routing key it came with.
    public struct Command: Sendable, Equatable {
        /// Position in the recording (1-based, over commands and events).
        public var number: Int
        /// When the recorder received it.
        public var receivedAt: Date
        /// The routing key (the method's full name).
        public var routingKey: String
        /// The serialized `CommandEnvelope`.
        public var body: Data
        /// The decoded envelope.
        public var envelope: Subscriptions_V1_CommandEnvelope

        /// A command as recorded.
        public init(number: Int, receivedAt: Date, routingKey: String, body: Data, envelope: Subscriptions_V1_CommandEnvelope) {
            self.number = number
            self.receivedAt = receivedAt
            self.routingKey = routingKey
            self.body = body
            self.envelope = envelope
        }
    }

    /// One recorded event: the `NotificationEvent` bytes as published.
    public struct Event: Sendable, Equatable {
        /// Position in the recording (1-based, over commands and events).
        public var number: Int
        /// When the recorder received it.
        public var receivedAt: Date
        /// The routing key (`TYPE.SUBTYPE`).
        public var routingKey: String
        /// The serialized `NotificationEvent`.
        public var body: Data
        /// The decoded event.
        public var event: Subscriptions_V1_NotificationEvent

        /// An event as recorded.
        public init(number: Int, receivedAt: Date, routingKey: String, body: Data, event: Subscriptions_V1_NotificationEvent) {
            self.number = number
            self.receivedAt = receivedAt
            self.routingKey = routingKey
            self.body = body
            self.event = event
        }
    }

    /// The bus prefix the run was recorded on.
    public var busPrefix: String
    /// When the recording started.
    public var recordedAt: Date
    /// The commands, in recorded order.
    public var commands: [Command]
    /// The events, in recorded order.
    public var events: [Event]

    /// A recording with these contents.
    public init(busPrefix: String, recordedAt: Date, commands: [Command] = [], events: [Event] = []) {
        self.busPrefix = busPrefix
        self.recordedAt = recordedAt
        self.commands = commands
        self.events = events
    }
}

/// One line of a golden file; which fields are set depends on `kind`.
struct GoldenLine: Codable, Equatable {
    var kind: String
    // header
    var format: String?
    var version: Int?
    var busPrefix: String?
    var recordedAt: String?
    // command and event
    var n: Int?
    var receivedAt: String?
    var routingKey: String?
    var body: String?
    var commandId: String?
    var testClockId: String?
    var subscriptionId: String?
    var sequence: UInt64?
    // end
    var commands: Int?
    var events: Int?
}

/// Dates in golden files: ISO 8601 UTC with milliseconds, e.g. `2026-11-25T09:30:00.125Z`.
enum GoldenDate {
    static func text(_ date: Date) -> String {
        formatter().string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        formatter().date(from: text)
    }

    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
