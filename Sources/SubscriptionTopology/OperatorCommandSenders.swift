import ServiceConfiguration
import SubscriptionMessages

/// The broker users whose operator-only commands (``CommandRoute/isOperatorOnly``) the consumer
/// applies: `OPERATOR_COMMAND_USERS`, comma-separated, e.g.
/// `subscriptions-producer,subscriptions-operator`. The check reads the command's `user_id`
/// property, which the broker refuses to carry unless it names the publishing connection's own
/// user: the producer and `subscriptionsctl` set it (``AMQPConfiguration/stampsUserID``).
///
/// Unset, every user may send them (a development broker with one user); the consumer says so
/// in its log at start.
public struct OperatorCommandSenders: Sendable, Hashable {
    /// The variable read by ``init(_:)``.
    public static let variable = "OPERATOR_COMMAND_USERS"

    /// The users allowed; nil: every user.
    public var users: Set<String>?

    /// Every user allowed, or only `users`.
    public init(users: Set<String>? = nil) {
        self.users = users
    }

    /// The users of `OPERATOR_COMMAND_USERS`; a list with no name in it is refused.
    public init(_ reader: EnvironmentReader) throws(ConfigurationError) {
        guard let text = reader.string(Self.variable) else {
            users = nil
            return
        }
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else {
            throw ConfigurationError(variable: Self.variable, value: text, expected: "comma-separated broker user names")
        }
        users = Set(names)
    }

    /// Why a command of `route` from the broker user `userId` (its `user_id` property, nil when
    /// it has none) must be refused, or nil when it may be applied.
    public func refusal(of route: CommandRoute, from userId: String?) -> String? {
        guard route.isOperatorOnly, let users else { return nil }
        guard let userId, !userId.isEmpty else {
            return "\(route.methodName) is an operator command: it is applied only when its user_id property names a broker user allowed to send it (\(Self.variable)), and this one has none"
        }
        guard users.contains(userId) else {
            return "\(route.methodName) is an operator command and the broker user '\(userId.prefix(100))' may not send it (\(Self.variable))"
        }
        return nil
    }
}
