/// The gRPC-style method of `subscriptions.v1.SubscriptionCommands` (Protos/subscriptions/v1/service.proto)
/// that a ``Subscriptions_V1_CommandEnvelope`` case stands for.
///
/// protoc-gen-swift does not generate services, so this enum is the Swift side of
/// service.proto: one case per rpc and per `CommandEnvelope.command` case. A command's
/// AMQP routing key on exchange `subscriptions.commands` is ``routingKey``, e.g.
/// `subscriptions.v1.SubscriptionCommands/Purchase`.
public enum CommandRoute: String, CaseIterable, Sendable {
    case purchase = "Purchase"
    case switchProduct = "SwitchProduct"
    case createSubscription = "CreateSubscription"
    case modifySubscription = "ModifySubscription"
    case reactivateSubscription = "ReactivateSubscription"
    case changePrice = "ChangePrice"
    case respondToPriceIncrease = "RespondToPriceIncrease"
    case setAutoRenew = "SetAutoRenew"
    case reportBillingOutcome = "ReportBillingOutcome"
    case extendRenewalDate = "ExtendRenewalDate"
    case massExtendRenewalDate = "MassExtendRenewalDate"
    case getMassExtensionStatus = "GetMassExtensionStatus"
    case getAllSubscriptionStatuses = "GetAllSubscriptionStatuses"
    case cancelSubscription = "CancelSubscription"
    case revokeSubscription = "RevokeSubscription"
    case requestRefund = "RequestRefund"
    case changeMetadata = "ChangeMetadata"
    case migrateSubscription = "MigrateSubscription"
    case advanceTestClock = "AdvanceTestClock"
    case reloadCatalog = "ReloadCatalog"

    /// The full name of the service in service.proto.
    public static let serviceName = "subscriptions.v1.SubscriptionCommands"

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
