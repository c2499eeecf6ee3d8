import Logging
import SubscriptionTopology

extension ProducerConfiguration {
    /// Names of the environment variables read by ``init(environment:)``.
    public enum Variable: String, CaseIterable, Sendable {
        case amqpURL = "AMQP_URL"
        case httpHost = "HTTP_HOST"
        case httpPort = "HTTP_PORT"
        case replyTimeout = "REPLY_TIMEOUT"
        case logLevel = "LOG_LEVEL"
        case busPrefix = "BUS_PREFIX"
        case signingIdentity = "SIGNING_IDENTITY"
        case authKeys = "AUTH_KEYS"
    }

    /// The defaults overridden by the variables present in `environment`; a malformed value
    /// is an error naming the variable and the value.
    public init(environment: [String: String]) throws(ConfigurationError) {
        self.init()
        func value(_ variable: Variable) -> String? {
            environment[variable.rawValue].flatMap { $0.isEmpty ? nil : $0 }
        }
        if let url = value(.amqpURL) { amqpURL = url }
        if let host = value(.httpHost) { httpHost = host }
        if let text = value(.httpPort) { httpPort = try Self.port(text, variable: .httpPort) }
        if let text = value(.replyTimeout) { replyTimeout = try Self.seconds(text, variable: .replyTimeout) }
        if let text = value(.logLevel) { logLevel = try Self.logLevel(text, variable: .logLevel) }
        if let prefix = value(.busPrefix) { topology = CommandTopology(names: BusNames(prefix: prefix)) }
        if let path = value(.signingIdentity) { signingIdentityPath = path }
        if let path = value(.authKeys) { authKeysPath = path }
    }

    /// A port number 1…65535.
    public static func port(_ text: String, variable: Variable) throws(ConfigurationError) -> Int {
        guard let port = Int(text), (1...65535).contains(port) else {
            throw ConfigurationError(variable: variable.rawValue, value: text, expected: "a port number 1…65535")
        }
        return port
    }

    /// A positive number of seconds, e.g. `10` or `2.5`.
    public static func seconds(_ text: String, variable: Variable) throws(ConfigurationError) -> Duration {
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw ConfigurationError(variable: variable.rawValue, value: text, expected: "a positive number of seconds")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// A swift-log level name.
    public static func logLevel(_ text: String, variable: Variable) throws(ConfigurationError) -> Logger.Level {
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationError(variable: variable.rawValue, value: text, expected: "one of \(names)")
        }
        return level
    }
}

/// A configuration value that could not be read.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The variable or flag.
    public var variable: String
    /// The value found.
    public var value: String
    /// What was expected instead.
    public var expected: String

    public var description: String { "\(variable)='\(value)': expected \(expected)" }
}
