import Logging

/// Reads typed settings from environment variables (flags are merged into the same dictionary
/// first, so they win), the same way in every service: an unset or empty variable means "use
/// the default", and a malformed value is refused with a ``ConfigurationError`` naming the
/// variable, the value and what was expected, never replaced by the default.
public struct EnvironmentReader: Sendable {
    /// The variables, e.g. `ProcessInfo.processInfo.environment` with flags merged in.
    public var environment: [String: String]

    public init(_ environment: [String: String]) {
        self.environment = environment
    }

    /// The value of `name`, or nil when it is unset or empty.
    public func string(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An integer in `range`.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let text = string(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw ConfigurationError(
                variable: name, value: text, expected: "an integer in \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }

    /// A TCP port, 1…65535 (0 too when `allowsAny`, meaning "pick a free port").
    public func port(_ name: String, allowsAny: Bool = false) throws(ConfigurationError) -> Int? {
        guard let text = string(name) else { return nil }
        guard let port = Int(text), ((allowsAny ? 0 : 1)...65535).contains(port) else {
            throw ConfigurationError(
                variable: name, value: text, expected: "a port number \(allowsAny ? 0 : 1)…65535")
        }
        return port
    }

    /// A positive number of seconds, e.g. `10` or `2.5`, at most a thousand million (what a
    /// `Duration` of milliseconds holds with room to spare).
    public func seconds(_ name: String) throws(ConfigurationError) -> Duration? {
        guard let text = string(name) else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds <= 1_000_000_000 else {
            throw ConfigurationError(variable: name, value: text, expected: "a positive number of seconds")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// One of the values of `Value` (by raw value, case-insensitively).
    public func choice<Value: RawRepresentable & CaseIterable>(
        _ name: String, as _: Value.Type = Value.self
    ) throws(ConfigurationError) -> Value? where Value.RawValue == String {
        guard let text = string(name) else { return nil }
        guard let value = Value.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationError(variable: name, value: text, expected: "one of \(names)")
        }
        return value
    }

    /// A swift-log level (`LOG_LEVEL`): trace, debug, info, notice, warning, error or critical.
    public func logLevel(_ name: String = "LOG_LEVEL") throws(ConfigurationError) -> Logger.Level? {
        try choice(name, as: Logger.Level.self)
    }
}
