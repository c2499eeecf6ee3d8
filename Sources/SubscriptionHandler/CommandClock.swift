import AppleErrorCatalog
import StableIdentifiers
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

/// The clock a command runs on (docs/test-clocks.md, R-CLK-1): the test clock of the
/// subscription it names, else the clock the envelope names (`test_clock_id`), else the
/// consumer's clock. A clock is a sandbox: a customer id names another customer on each clock,
/// so a purchase or creation simply runs on the clock named. A command naming another clock than
/// the one its subscription lives on is refused (409), as is a clock that does not exist (404).
struct CommandClock: Equatable {
    /// The test clock's id; nil = the consumer's clock.
    var testClockId: String?
    /// The command's now.
    var now: Timestamp

    /// What a command names that lives on a clock.
    enum Target: Equatable {
        /// A subscription, by any of its transaction ids.
        case subscription(transactionId: String)
        /// Nothing bound to a clock: customers (purchase, creation) and mass extensions are on
        /// the clock the envelope names.
        case none
    }

    /// Resolves the clock of `envelope` (whose command is `command`) at the consumer's `consumerNow`.
    static func resolve(
        _ envelope: Subscriptions_V1_CommandEnvelope, command: Subscriptions_V1_CommandEnvelope.OneOf_Command,
        consumerNow: Timestamp, in transaction: any AggregateTransaction
    ) throws -> Result<CommandClock, EngineRejection> {
        let named = envelope.testClockID
        // Without a named clock and without any test clock, nothing needs a lookup.
        let anyClock = try !named.isEmpty || transaction.hasTestClocks()
        guard anyClock else {
            return .success(CommandClock(testClockId: nil, now: consumerNow))
        }
        var lived: StoredClockMembership?
        if case .subscription(let transactionId) = Target(command) {
            lived = try transaction.clock(ofSubscription: Subscription.originalTransactionId(fromTransactionId: transactionId))
            if let lived, !named.isEmpty, lived.testClockId != named {
                let place = lived.testClockId.map { "test clock '\($0)'" } ?? "the consumer's clock"
                return .failure(EngineRejection(
                    .alreadyExists, error: .testClockMismatch, field: "testClockId",
                    "the subscription of transaction '\(transactionId)' lives on \(place), not on '\(named)'"))
            }
        }
        guard let clockId = lived?.testClockId ?? (named.isEmpty ? nil : named) else {
            return .success(CommandClock(testClockId: nil, now: consumerNow))
        }
        guard let clock = try transaction.testClock(clockId) else {
            return .failure(notFound(clockId))
        }
        return .success(CommandClock(testClockId: clockId, now: Timestamp(millisecondsSince1970: clock.now)))
    }

    static func notFound(_ clockId: String, field: String = "testClockId") -> EngineRejection {
        EngineRejection(.notFound, error: .testClockNotFound, field: field, "no test clock '\(clockId)'")
    }
}

extension CommandClock.Target {
    /// What `command` names: every engine command but purchases, creations and mass extensions
    /// names a subscription (by a transaction id).
    init(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command) {
        switch command {
        case .switchProduct(let request): self = .subscription(transactionId: request.originalTransactionID)
        case .modifySubscription(let request): self = .subscription(transactionId: request.transactionID)
        case .reactivateSubscription(let request): self = .subscription(transactionId: request.transactionID)
        case .changePrice(let request): self = .subscription(transactionId: request.transactionID)
        case .respondToPriceIncrease(let request): self = .subscription(transactionId: request.originalTransactionID)
        case .setAutoRenew(let request): self = .subscription(transactionId: request.originalTransactionID)
        case .reportBillingOutcome(let request): self = .subscription(transactionId: request.originalTransactionID)
        case .extendRenewalDate(let request): self = .subscription(transactionId: request.originalTransactionID)
        case .getAllSubscriptionStatuses(let request): self = .subscription(transactionId: request.transactionID)
        case .cancelSubscription(let request): self = .subscription(transactionId: request.transactionID)
        case .revokeSubscription(let request): self = .subscription(transactionId: request.transactionID)
        case .requestRefund(let request): self = .subscription(transactionId: request.transactionID)
        case .changeMetadata(let request): self = .subscription(transactionId: request.transactionID)
        case .migrateSubscription(let request): self = .subscription(transactionId: request.transactionID)
        case .getTransactionInfo(let request): self = .subscription(transactionId: request.transactionID)
        case .getTransactionHistory(let request): self = .subscription(transactionId: request.transactionID)
        case .getRefundHistory(let request): self = .subscription(transactionId: request.transactionID)
        case .requestCustomerRefund(let request): self = .subscription(transactionId: request.transactionID)
        case .sendConsumptionInformation(let request): self = .subscription(transactionId: request.transactionID)
        case .decideRefund(let request): self = .subscription(transactionId: request.transactionID)
        case .setAppAccountToken(let request): self = .subscription(transactionId: request.originalTransactionID)
        case .lookUpOrderID(let request):
            self = OrderID.transactionId(of: request.orderID).map { .subscription(transactionId: $0) } ?? .none
        case .getSubscriptionHistory(let request) where !request.transactionID.isEmpty:
            self = .subscription(transactionId: request.transactionID)
        case .getAppTransactionInfo(let request): self = .subscription(transactionId: request.transactionID)
        case .finishTransaction(let request): self = .subscription(transactionId: request.transactionID)
        case .recordRetentionResponse(let request): self = .subscription(transactionId: request.originalTransactionID)
        case .answerRetentionMessage(let request): self = .subscription(transactionId: request.originalTransactionID)
        case .getRetentionOffer(let request): self = .subscription(transactionId: request.transactionID)
        case .purchase, .createSubscription, .getSubscriptionHistory, .massExtendRenewalDate, .getMassExtensionStatus, .advanceTestClock, .reloadCatalog, .getNotificationHistory,
            .requestTestNotification, .getTestNotificationStatus, .createTestClock, .getTestClock, .listTestClocks,
            .deleteTestClock, .priceChangeWhatIf, .manageRetentionMessaging:
            self = .none
        }
    }
}
