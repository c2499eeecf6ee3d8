/// A failure of `subscriptionsctl` itself (not a reply of the consumer), saying what was
/// wrong and with which value.
public struct ControlError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var description: String

    /// An error with its message.
    public init(_ description: String) {
        self.description = description
    }
}
