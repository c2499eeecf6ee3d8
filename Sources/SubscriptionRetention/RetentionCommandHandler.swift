import Foundation
import StableIdentifiers
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

/// Retention messaging in the consumer's command path (docs/retention-messaging.md): answers
/// the Retention Messaging API from the store's messaging documents, and gives the engine what
/// only those documents say: on auto-renew off, whether a retention message applies (a real-time
/// URL or a default message); on the app's real-time answer, the answer checked against the
/// approved messages, and the default to fall back on. Everything else goes to the inner handler.
/// Nothing here waits on the network: the real-time call is the ``RetentionCaller``'s.
public struct RetentionCommandHandler: CommandHandling {
    let inner: any CommandHandling
    /// The app of the catalog in use (environment, bundle, `appAppleId`).
    let app: @Sendable () -> AppInfo
    let settings: RetentionSettings

    /// A handler in front of `inner`.
    public init(inner: any CommandHandling, app: @escaping @Sendable () -> AppInfo, settings: RetentionSettings) {
        self.inner = inner
        self.app = app
        self.settings = settings
    }

    public func handle(
        _ envelope: Subscriptions_V1_CommandEnvelope, context: CommandContext, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        guard let store = transaction as? any MessagingStoreTransaction else {
            return try inner.handle(envelope, context: context, in: transaction)
        }
        let documents = MessagingDocuments(store: store)
        var envelope = envelope
        switch envelope.command {
        case .manageRetentionMessaging(let request)?:
            return try manage(request, of: envelope, context: context, documents: documents, in: transaction)
        case .setAutoRenew(var request)?:
            if request.action == .disable {
                let locale = request.locale.isEmpty ? "en-US" : request.locale
                let environment = app().environment.rawValue
                request.retention = .with {
                    $0.realtimeURLConfigured = (try? documents.realtimeURL(environment: environment)) != nil
                    $0.defaultMessageProductIds = (try? documents.productsWithDefault(locale: locale)) ?? []
                    $0.requestIdentifier = Self.requestIdentifier(commandId: envelope.commandID)
                }
            } else {
                request.clearRetention()
            }
            envelope.command = .setAutoRenew(request)
        case .recordRetentionResponse(var request)?:
            let (candidate, fallback) = try RealtimeResponseCheck(documents: documents).presentation(of: request)
            request.presentation = candidate
            request.defaults = fallback.map { presentation in
                [.with {
                    $0.productID = request.productID
                    $0.presentation = presentation
                }]
            } ?? []
            envelope.command = .recordRetentionResponse(request)
        default:
            break
        }
        return try inner.handle(envelope, context: context, in: transaction)
    }

    public func readKeys(for envelopes: [Subscriptions_V1_CommandEnvelope]) -> StoreReadKeys {
        inner.readKeys(for: envelopes)
    }

    public func advance(to now: Date, massExtensionBatches: Int, in transaction: any AggregateTransaction) throws -> [OutgoingEvent] {
        try inner.advance(to: now, massExtensionBatches: massExtensionBatches, in: transaction)
    }

    public func advance(
        clockOf envelope: Subscriptions_V1_CommandEnvelope, to until: Date, context: CommandContext,
        in transaction: any AggregateTransaction
    ) throws -> [Subscriptions_V1_NotificationEvent] {
        try inner.advance(clockOf: envelope, to: until, context: context, in: transaction)
    }

    /// The `requestIdentifier` of the retention request an auto-renew-off command opens: a pure
    /// function of the command id, so a replay carries the same.
    static func requestIdentifier(commandId: String) -> String {
        UUIDv5.string(namespace: RetentionMessagingOperations.namespace, name: "retention-request/\(commandId)")
    }

    /// A Retention Messaging API operation: the documents change in the command's transaction;
    /// a read fires nothing, neither does a write (they touch no subscription).
    private func manage(
        _ request: Subscriptions_V1_ManageRetentionMessagingRequest, of envelope: Subscriptions_V1_CommandEnvelope,
        context: CommandContext, documents: MessagingDocuments, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        let now = try Timestamp(context.now)
        let app = app()
        let operations = RetentionMessagingOperations(
            documents: documents,
            context: RetentionMessagingOperations.Context(
                commandId: envelope.commandID, now: now, environment: app.environment, appAppleId: app.appAppleId,
                bundleId: app.bundleId, settings: settings))
        let (result, events) = try operations.apply(request, subscriptions: AggregateEngineStore(transaction))
        switch result {
        case .success(let reply):
            return CommandOutcome(
                reply: Subscriptions_V1_CommandReply(commandId: envelope.commandID, result: .manageRetentionMessaging(reply), repliedAt: now),
                events: events)
        case .failure(let rejection):
            return CommandOutcome(
                reply: Subscriptions_V1_CommandReply(commandId: envelope.commandID, rejection: rejection, repliedAt: now), events: [])
        }
    }
}
