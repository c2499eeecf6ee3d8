import Foundation
import Logging
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import Synchronization

/// The consumer's ``CommandHandling``: maps envelopes onto the pure `SubscriptionEngine`,
/// keeps its state in a ``AggregateEngineStore`` over the caller's transaction, and maps
/// replies and events back to the wire contract.
///
/// The service's own commands are answered here: `advance_test_clock` (manual clock only)
/// fires every transition up to the new time; `reload_catalog` re-reads the catalog file
/// and swaps the engine (the swap is not undone if the caller's transaction rolls back).
public final class EngineCommandHandler: CommandHandling {
    /// The engine and the catalog it was built from; replaced as a whole on reload.
    struct State: Sendable {
        var engine: SubscriptionEngine
        var catalog: CatalogFile
    }

    let state: Mutex<State>
    /// The configured catalog file; nil when built from a `Catalog` value.
    let catalogPath: String?
    let logger: Logger

    /// A handler for the catalog file at `catalogPath`.
    /// - Throws: ``CatalogLoadingError`` naming the file and the bad entry.
    public convenience init(catalogPath: String, logger: Logger) throws {
        let file = try CatalogFile(path: catalogPath)
        self.init(file: file, catalogPath: catalogPath, logger: logger)
    }

    /// A handler for `catalog` (tests, demos). `reload_catalog` then needs a `source`.
    /// Without a `logger` nothing is logged.
    public convenience init(
        catalog: Catalog, logger: Logger = Logger(label: "subscriptions.wire", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.init(file: CatalogFile(catalog: catalog, version: "inline"), catalogPath: nil, logger: logger)
    }

    init(file: CatalogFile, catalogPath: String?, logger: Logger) {
        state = Mutex(State(engine: SubscriptionEngine(catalog: file.catalog), catalog: file))
        self.catalogPath = catalogPath
        self.logger = logger
    }

    /// The engine in use now.
    var engine: SubscriptionEngine { state.withLock { $0.engine } }

    public func handle(
        _ envelope: Subscriptions_V1_CommandEnvelope, context: CommandContext, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        let now = Timestamp(context.now)
        var logger = self.logger
        logger[metadataKey: "command.id"] = "\(envelope.commandID)"
        guard let command = envelope.command else {
            return try refuse(
                envelope, EngineRejection(.unimplemented, field: "command", "the envelope carries no command this consumer knows"),
                at: now, in: transaction)
        }
        switch command {
        case .advanceTestClock(let request):
            return try advanceTestClock(request, of: envelope, context: context, in: transaction, logger: logger)
        case .reloadCatalog(let request):
            return try reloadCatalog(request, of: envelope, at: now, in: transaction, logger: logger)
        case .requestTestNotification:
            return try requestTestNotification(of: envelope, at: now, in: transaction, logger: logger)
        default:
            break
        }
        let engineCommand: EngineCommand
        switch Result(catching: { () throws(EngineRejection) -> EngineCommand? in try EngineCommand(command) }) {
        case .success(let mapped?):
            engineCommand = mapped
        case .success(nil):
            return try refuse(envelope, EngineRejection(.unimplemented, "not an engine command"), at: now, in: transaction)
        case .failure(let rejection):
            logger.debug("command refused by the mapping", metadata: ["error": "\(rejection)"])
            // A refused read fires nothing either (SubscriptionEngine.apply).
            let isQuery = Self.queryRoutes.contains(CommandRoute(command))
            return try refuse(envelope, rejection, at: now, firesDueTransitions: !isQuery, in: transaction)
        }
        var store = AggregateEngineStore(transaction)
        let outcome = try engine.apply(engineCommand, commandId: envelope.commandID, at: now, in: &store)
        let events = outcome.events.map { Subscriptions_V1_NotificationEvent($0) }
        if let rejection = outcome.reply.rejection {
            logger.debug("command refused by the engine", metadata: ["error": "\(rejection)"])
            let reply = Subscriptions_V1_CommandReply(commandId: envelope.commandID, rejection: rejection, repliedAt: now)
            return CommandOutcome(reply: reply, events: events)
        }
        let result = try Subscriptions_V1_CommandReply.OneOf_Result(outcome.reply, route: CommandRoute(command))
        logger.debug("command applied", metadata: ["events": "\(events.count)"])
        return CommandOutcome(
            reply: Subscriptions_V1_CommandReply(commandId: envelope.commandID, result: result, repliedAt: now),
            events: events)
    }

    public func advance(
        to now: Date, massExtensionBatches: Int, in transaction: any AggregateTransaction
    ) throws -> [Subscriptions_V1_NotificationEvent] {
        var store = AggregateEngineStore(transaction)
        return try engine.advance(to: Timestamp(now), in: &store, massExtensionBatches: massExtensionBatches)
            .map { Subscriptions_V1_NotificationEvent($0) }
    }

    /// The routes that only read: they fire no due transition (`EngineCommand.isQuery`).
    static let queryRoutes: Set<CommandRoute> = [
        .getMassExtensionStatus, .getAllSubscriptionStatuses, .getTransactionInfo, .getTransactionHistory, .getRefundHistory,
    ]

    /// A refusal that applied nothing of the command; subscription timers due by `now` still
    /// fire (as before any command; mass extensions run in the background), unless the command
    /// only reads.
    func refuse(
        _ envelope: Subscriptions_V1_CommandEnvelope, _ rejection: EngineRejection, at now: Timestamp,
        firesDueTransitions: Bool = true, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        let events = firesDueTransitions ? try advance(to: now.date, massExtensionBatches: 0, in: transaction) : []
        return CommandOutcome(
            reply: Subscriptions_V1_CommandReply(commandId: envelope.commandID, rejection: rejection, repliedAt: now),
            events: events)
    }
}
