import SubscriptionMessages

/// What a 504 says when a command was published but its reply did not come before the
/// deadline (docs/producer.md, "Replies, deadlines, idempotency"): the command may have been
/// applied, and how to retry without applying it twice: the same request with the same
/// idempotency key carries the same `command_id`, and the consumer answers a command id it has
/// processed with its first result (within its retention window, docs/consumer.md).
struct ReplyTimeoutAdvice: Sendable, Equatable {
    /// Where the request's idempotency key came from.
    enum Key: Sendable, Equatable {
        /// Apple's own field in the body (`requestInfo.requestReferenceId`, `requestIdentifier`).
        case field(String)
        /// The `Idempotency-Key` header.
        case header
        /// None: the command id was random.
        case none
    }

    var route: CommandRoute
    var key: Key
    var commandID: String

    /// Where `route`'s own idempotency key is, if it has one in the body.
    static func keyField(of route: CommandRoute) -> String? {
        switch route {
        case .extendRenewalDate, .massExtendRenewalDate: "requestIdentifier"
        case .createSubscription, .modifySubscription, .reactivateSubscription, .changePrice, .changeMetadata,
             .cancelSubscription, .revokeSubscription, .migrateSubscription, .requestRefund:
            "requestInfo.requestReferenceId"
        default: nil
        }
    }

    /// The key a request had: Apple's field when the request carried it, else the header.
    init(route: CommandRoute, requestHadOwnKey: Bool, headerKey: Bool, commandID: String) {
        self.route = route
        self.commandID = commandID
        if requestHadOwnKey, let field = Self.keyField(of: route) {
            key = .field(field)
        } else {
            key = headerKey ? .header : .none
        }
    }

    /// `failure`'s message followed by what the client should know and do.
    func message(after failure: String) -> String {
        if route == .getAllSubscriptionStatuses || route == .getMassExtensionStatus {
            return "\(failure). The request only reads; retrying it is safe."
        }
        let published = "\(failure). The command (X-Command-Id \(commandID)) was published and may have been applied"
            + " without its reply arriving in time (after its deadline the service no longer applies it)."
        let safe = " once the subscription service answers, the retry returns the first result if the command was applied,"
            + " or applies it now if it was not; nothing is applied twice."
        switch key {
        case .field(let field):
            return published + " Retrying is safe: send the same request with the same \(field);" + safe
        case .header:
            return published + " Retrying is safe: send the same request with the same Idempotency-Key header;" + safe
        case .none:
            return published + " This request had no idempotency key, so a retry may apply it a second time: check the"
                + " subscription's status first, and send an Idempotency-Key header with every request so that retries are safe."
        }
    }
}
