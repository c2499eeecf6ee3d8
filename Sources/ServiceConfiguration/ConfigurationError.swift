/// A configuration value that could not be read: which variable (or flag), the value found and
/// what was expected instead.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The environment variable or flag.
    public var variable: String
    /// The value found.
    public var value: String
    /// What was expected instead.
    public var expected: String

    public init(variable: String, value: String, expected: String) {
        self.variable = variable
        self.value = value
        self.expected = expected
    }

    public var description: String { "\(variable)='\(value)' is invalid: expected \(expected)" }
}
