import ServiceConfiguration

/// How long and how much of the event log (``BusNames/eventLog``) the broker keeps: the
/// stream's `x-max-age`, `x-max-length-bytes` and `x-stream-max-segment-size-bytes`
/// (docs/event-stream.md, "Retention"). Both services read the same variables and declare the
/// stream with them; Compose/rabbitmq/definitions.json holds the defaults.
///
/// Retention deletes whole segments, oldest first, when a new segment starts: the stream holds
/// at most `maxLengthBytes` plus one segment, and events stay up to one segment longer than
/// `maxAge` when traffic is low.
public struct EventLogRetention: Sendable, Hashable {
    /// `EVENT_LOG_MAX_AGE`: RabbitMQ's duration text, a number and a unit, `Y` `M` `D` `h` `m` `s`.
    public var maxAge: String
    /// `EVENT_LOG_MAX_BYTES`: the stream's size bound on disk.
    public var maxLengthBytes: Int64
    /// `EVENT_LOG_SEGMENT_BYTES`: the size of one segment file, the unit retention deletes.
    public var segmentBytes: Int64

    /// The defaults: 90 days, 20 GB, 100 MB segments (at the 864 bytes an event takes on disk,
    /// about 23 million events; docs/event-stream.md, "What it costs").
    public static let defaults = EventLogRetention(maxAge: "90D", maxLengthBytes: 20_000_000_000, segmentBytes: 100_000_000)

    /// Retention with the given bounds.
    public init(maxAge: String, maxLengthBytes: Int64, segmentBytes: Int64) {
        self.maxAge = maxAge
        self.maxLengthBytes = maxLengthBytes
        self.segmentBytes = segmentBytes
    }

    /// The defaults overridden by `EVENT_LOG_MAX_AGE`, `EVENT_LOG_MAX_BYTES` and
    /// `EVENT_LOG_SEGMENT_BYTES`; a malformed value is refused, naming the variable.
    public init(environment: EnvironmentReader) throws(ConfigurationError) {
        self = Self.defaults
        if let value = environment.string("EVENT_LOG_MAX_AGE") {
            guard Self.isDuration(value) else {
                throw ConfigurationError(
                    variable: "EVENT_LOG_MAX_AGE", value: value,
                    expected: "a positive number and one of the units Y, M, D, h, m, s (e.g. 90D, 36h)")
            }
            maxAge = value
        }
        if let value = try Self.bytes("EVENT_LOG_MAX_BYTES", in: environment, minimum: 1_000_000) { maxLengthBytes = value }
        if let value = try Self.bytes("EVENT_LOG_SEGMENT_BYTES", in: environment, minimum: 1_000_000) { segmentBytes = value }
        if segmentBytes > maxLengthBytes {
            throw ConfigurationError(
                variable: "EVENT_LOG_SEGMENT_BYTES", value: "\(segmentBytes)",
                expected: "at most EVENT_LOG_MAX_BYTES (\(maxLengthBytes)): retention deletes whole segments")
        }
    }

    /// Whether `text` is RabbitMQ's duration text: digits, then one unit letter.
    static func isDuration(_ text: String) -> Bool {
        guard let unit = text.last, "YMDhms".contains(unit) else { return false }
        let number = text.dropLast()
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber) && Int(number).map { $0 > 0 } == true
    }

    private static func bytes(_ name: String, in environment: EnvironmentReader, minimum: Int64) throws(ConfigurationError) -> Int64? {
        guard let text = environment.string(name) else { return nil }
        guard let value = Int64(text), value >= minimum else {
            throw ConfigurationError(variable: name, value: text, expected: "a number of bytes, at least \(minimum)")
        }
        return value
    }
}
