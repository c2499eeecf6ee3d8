/// Method names and AMQP routing keys of a ``CommandRoute`` (the enum itself is generated
/// from service.proto into `Generated/CommandRoute.swift`).
extension CommandRoute {
    /// The rpc's name in service.proto, e.g. `Purchase`.
    public var methodName: String { rawValue }

    /// The AMQP routing key: the method's full name, e.g.
    /// `subscriptions.v1.SubscriptionCommands/Purchase`.
    public var routingKey: String { "\(Self.serviceName)/\(rawValue)" }

    /// The route of a routing key, or `nil` when the key names no method of this version.
    public init?(routingKey: String) {
        let prefix = "\(Self.serviceName)/"
        guard routingKey.hasPrefix(prefix) else { return nil }
        self.init(methodName: String(routingKey.dropFirst(prefix.count)))
    }

    /// The route of a method name such as `Purchase`, or `nil` when there is none.
    public init?(methodName: String) {
        self.init(rawValue: methodName)
    }
}
