import ServiceConfiguration

extension EnvironmentReader {
    /// ``HTTPServerLimits`` from the variables `idle` and `read` (seconds, at most a day) and
    /// `connections` (1…100,000); an unset one keeps its default.
    public func httpLimits(
        idle: String, read: String, connections: String, defaults: HTTPServerLimits
    ) throws(ConfigurationError) -> HTTPServerLimits {
        var limits = defaults
        if let value = try seconds(idle) { limits.idleTimeout = try Self.atMostADay(value, idle) }
        if let value = try seconds(read) { limits.readTimeout = try Self.atMostADay(value, read) }
        if let value = try integer(connections, in: 1...100_000) { limits.maximumConnections = value }
        return limits
    }

    private static func atMostADay(_ value: Duration, _ name: String) throws(ConfigurationError) -> Duration {
        guard value <= .seconds(86_400) else {
            throw ConfigurationError(variable: name, value: "\(value)", expected: "a positive number of seconds, at most 86400")
        }
        return value
    }
}
