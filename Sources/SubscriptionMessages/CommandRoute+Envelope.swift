/// Maps envelope and reply oneof cases to their ``CommandRoute`` and back.
extension CommandRoute {
    /// The route of a command case.
    public init(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command) {
        switch command {
        case .purchase: self = .purchase
        case .switchProduct: self = .switchProduct
        case .createSubscription: self = .createSubscription
        case .modifySubscription: self = .modifySubscription
        case .reactivateSubscription: self = .reactivateSubscription
        case .changePrice: self = .changePrice
        case .respondToPriceIncrease: self = .respondToPriceIncrease
        case .setAutoRenew: self = .setAutoRenew
        case .reportBillingOutcome: self = .reportBillingOutcome
        case .extendRenewalDate: self = .extendRenewalDate
        case .massExtendRenewalDate: self = .massExtendRenewalDate
        case .getMassExtensionStatus: self = .getMassExtensionStatus
        case .getAllSubscriptionStatuses: self = .getAllSubscriptionStatuses
        case .cancelSubscription: self = .cancelSubscription
        case .revokeSubscription: self = .revokeSubscription
        case .requestRefund: self = .requestRefund
        case .changeMetadata: self = .changeMetadata
        case .migrateSubscription: self = .migrateSubscription
        case .advanceTestClock: self = .advanceTestClock
        case .reloadCatalog: self = .reloadCatalog
        }
    }

    /// The route of a reply result case; a reply's route must equal its command's.
    public init(_ result: Subscriptions_V1_CommandReply.OneOf_Result) {
        switch result {
        case .purchase: self = .purchase
        case .switchProduct: self = .switchProduct
        case .createSubscription: self = .createSubscription
        case .modifySubscription: self = .modifySubscription
        case .reactivateSubscription: self = .reactivateSubscription
        case .changePrice: self = .changePrice
        case .respondToPriceIncrease: self = .respondToPriceIncrease
        case .setAutoRenew: self = .setAutoRenew
        case .reportBillingOutcome: self = .reportBillingOutcome
        case .extendRenewalDate: self = .extendRenewalDate
        case .massExtendRenewalDate: self = .massExtendRenewalDate
        case .getMassExtensionStatus: self = .getMassExtensionStatus
        case .getAllSubscriptionStatuses: self = .getAllSubscriptionStatuses
        case .cancelSubscription: self = .cancelSubscription
        case .revokeSubscription: self = .revokeSubscription
        case .requestRefund: self = .requestRefund
        case .changeMetadata: self = .changeMetadata
        case .migrateSubscription: self = .migrateSubscription
        case .advanceTestClock: self = .advanceTestClock
        case .reloadCatalog: self = .reloadCatalog
        }
    }

    /// The command case of this route holding a default (empty) request, e.g. to
    /// build a command whose fields are then filled in.
    public func makeEmptyCommand() -> Subscriptions_V1_CommandEnvelope.OneOf_Command {
        switch self {
        case .purchase: .purchase(.init())
        case .switchProduct: .switchProduct(.init())
        case .createSubscription: .createSubscription(.init())
        case .modifySubscription: .modifySubscription(.init())
        case .reactivateSubscription: .reactivateSubscription(.init())
        case .changePrice: .changePrice(.init())
        case .respondToPriceIncrease: .respondToPriceIncrease(.init())
        case .setAutoRenew: .setAutoRenew(.init())
        case .reportBillingOutcome: .reportBillingOutcome(.init())
        case .extendRenewalDate: .extendRenewalDate(.init())
        case .massExtendRenewalDate: .massExtendRenewalDate(.init())
        case .getMassExtensionStatus: .getMassExtensionStatus(.init())
        case .getAllSubscriptionStatuses: .getAllSubscriptionStatuses(.init())
        case .cancelSubscription: .cancelSubscription(.init())
        case .revokeSubscription: .revokeSubscription(.init())
        case .requestRefund: .requestRefund(.init())
        case .changeMetadata: .changeMetadata(.init())
        case .migrateSubscription: .migrateSubscription(.init())
        case .advanceTestClock: .advanceTestClock(.init())
        case .reloadCatalog: .reloadCatalog(.init())
        }
    }

    /// The reply result case of this route holding a default (empty) reply.
    public func makeEmptyResult() -> Subscriptions_V1_CommandReply.OneOf_Result {
        switch self {
        case .purchase: .purchase(.init())
        case .switchProduct: .switchProduct(.init())
        case .createSubscription: .createSubscription(.init())
        case .modifySubscription: .modifySubscription(.init())
        case .reactivateSubscription: .reactivateSubscription(.init())
        case .changePrice: .changePrice(.init())
        case .respondToPriceIncrease: .respondToPriceIncrease(.init())
        case .setAutoRenew: .setAutoRenew(.init())
        case .reportBillingOutcome: .reportBillingOutcome(.init())
        case .extendRenewalDate: .extendRenewalDate(.init())
        case .massExtendRenewalDate: .massExtendRenewalDate(.init())
        case .getMassExtensionStatus: .getMassExtensionStatus(.init())
        case .getAllSubscriptionStatuses: .getAllSubscriptionStatuses(.init())
        case .cancelSubscription: .cancelSubscription(.init())
        case .revokeSubscription: .revokeSubscription(.init())
        case .requestRefund: .requestRefund(.init())
        case .changeMetadata: .changeMetadata(.init())
        case .migrateSubscription: .migrateSubscription(.init())
        case .advanceTestClock: .advanceTestClock(.init())
        case .reloadCatalog: .reloadCatalog(.init())
        }
    }
}

extension Subscriptions_V1_CommandEnvelope {
    /// The route of this envelope's command; `nil` when no command is set (or the
    /// case is unknown to this version, which decodes as unset plus unknown fields).
    public var route: CommandRoute? {
        command.map(CommandRoute.init)
    }
}

extension Subscriptions_V1_CommandReply {
    /// The route of this reply's result; `nil` when no result is set (status not OK).
    public var route: CommandRoute? {
        result.map(CommandRoute.init)
    }
}
