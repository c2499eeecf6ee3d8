import AMQPClient
import Foundation

/// Where a reader of the event log starts: the `--from` of the analytics examples and of
/// `subscriptionsctl events` (docs/event-stream.md, "Reading from a point").
///
/// A time selects the events *signed* at or after it (`signed_date`, millisecond precision).
/// The stream is entered ``seekMargin`` earlier by the broker's clock (an event is appended
/// after it is signed, so nothing signed later is before that point, even with the two clocks
/// a little apart), and the reader drops what was signed before the time.
public enum EventLogPosition: Sendable, Hashable, CustomStringConvertible {
    /// The oldest event the stream still holds.
    case first
    /// The last chunk the broker wrote (the newest events).
    case last
    /// Only events appended from now on.
    case next
    /// The event at this stream offset and the ones after it.
    case offset(Int64)
    /// The events signed at or after this time.
    case time(Date)

    /// How much earlier than a ``time(_:)`` the stream is entered.
    public static let seekMargin: TimeInterval = 60

    /// Parses `first`, `last`, `next`, a stream offset (digits) or an ISO 8601 time with a zone
    /// (`2026-12-01T00:00:00Z`, `2026-12-01T09:30:00.250+01:00`); nil for anything else.
    public init?(_ text: String) {
        switch text {
        case "first": self = .first
        case "last": self = .last
        case "next": self = .next
        default:
            if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
                guard let offset = Int64(text) else { return nil }
                self = .offset(offset)
            } else if let date = Self.parseTime(text) {
                self = .time(date)
            } else {
                return nil
            }
        }
    }

    /// What `--from` accepts, for error messages.
    public static let accepted = "first, last, next, a stream offset (e.g. 12000) or an ISO 8601 time with a zone (e.g. 2026-12-01T00:00:00Z)"

    /// Where the broker starts delivering.
    public var streamOffset: AMQPStreamOffset {
        switch self {
        case .first: .first
        case .last: .last
        case .next: .next
        case .offset(let offset): .offset(offset)
        case .time(let date): .timestamp(date.addingTimeInterval(-Self.seekMargin))
        }
    }

    /// Whether an event signed at `signedDate` belongs to what was asked for (always, but for a time).
    public func includes(signedAt signedDate: Date) -> Bool {
        guard case .time(let start) = self else { return true }
        return signedDate >= start
    }

    /// Whether a message that is not a readable event belongs to what was asked for, by its AMQP
    /// `timestamp` property (whole seconds): at or after the start's second; one without a
    /// timestamp always does.
    public func includes(messageTimestamp: Date?) -> Bool {
        guard case .time(let start) = self, let messageTimestamp else { return true }
        return messageTimestamp.timeIntervalSince1970 >= start.timeIntervalSince1970.rounded(.down)
    }

    public var description: String {
        switch self {
        case .first: "first"
        case .last: "last"
        case .next: "next"
        case .offset(let offset): "offset \(offset)"
        case .time(let date): Self.timeFormatter().string(from: date)
        }
    }

    /// UTC with milliseconds, `2026-12-01T00:00:00.000Z` (a formatter is not `Sendable`: one per use).
    private static func timeFormatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }

    /// An ISO 8601 date and time with a zone, with or without fractional seconds.
    public static func parseTime(_ text: String) -> Date? {
        if let date = timeFormatter().date(from: text) { return date }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        return plain.date(from: text)
    }
}
