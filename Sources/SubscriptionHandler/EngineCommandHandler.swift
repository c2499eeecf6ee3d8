import Foundation
import Logging
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire
import Synchronization

/// The consumer's ``CommandHandling``: maps envelopes onto the pure `SubscriptionEngine`,
/// keeps its state in a ``AggregateEngineStore`` over the caller's transaction, and maps
/// replies and events back to the wire contract.
///
/// The service's own commands are answered here: `advance_test_clock` fires every transition
/// up to the new time (of the manual clock, or of the test clock it names); the test clocks'
/// create, get, list and delete (docs/test-clocks.md); `reload_catalog` re-reads the catalog
/// file and swaps the engine (the swap is not undone if the caller's transaction rolls back).
///
/// Every engine command runs on its clock (``CommandClock``): the test clock of the
/// subscription or customer it names, or the one the envelope names, else the consumer's.
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

    /// Tells `observer` which subscription's due transition is fired, from now on and after a
    /// catalog reload (the consumer's crash journal, docs/reliability.md, "Poison").
    public func observeFiring(_ observer: any FiringObserver) {
        state.withLock { $0.engine.firingObserver = observer }
    }

    /// Quarantines the subscription whose due transition killed the previous process (named by
    /// the crash journal): its timers stop and a `QUARANTINED` event says why. Returns the events.
    public func quarantine(
        _ originalTransactionId: String, reason: String, at now: Date, in transaction: any AggregateTransaction
    ) throws -> [OutgoingEvent] {
        var store = AggregateEngineStore(transaction)
        return try engine.quarantine(originalTransactionId, reason: reason, at: try Timestamp(now), store: &store)
            .map { OutgoingEvent($0) }
    }

    /// Releases a quarantined subscription (`subscriptionsctl quarantine retry`): its timers are
    /// due again. Returns the lifted quarantine, nil when there was none.
    public func releaseQuarantine(_ originalTransactionId: String, in transaction: any AggregateTransaction) throws -> Quarantine? {
        var store = AggregateEngineStore(transaction)
        return try engine.releaseQuarantine(of: originalTransactionId, store: &store)
    }
    /// The app of the catalog in use now (its environment, bundle and `appAppleId`).
    public var app: AppInfo { state.withLock { $0.engine.catalog.app } }

    public func handle(
        _ envelope: Subscriptions_V1_CommandEnvelope, context: CommandContext, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        let consumerNow = try Timestamp(context.now)
        var logger = self.logger
        if logger.logLevel <= .debug {
            // Only a debug log reads it: setting it copies the metadata, for every command.
            logger[metadataKey: "command.id"] = "\(envelope.commandID)"
        }
        guard let command = envelope.command else {
            return try refuse(
                envelope, EngineRejection(.unimplemented, field: "command", "the envelope carries no command this consumer knows"),
                at: consumerNow, in: transaction)
        }
        switch command {
        case .advanceTestClock(let request):
            let clockId = request.testClockID.isEmpty ? envelope.testClockID : request.testClockID
            if !clockId.isEmpty {
                return try advanceTestClock(request, clockId: clockId, of: envelope, at: consumerNow, in: transaction, logger: logger)
            }
            return try advanceTestClock(request, of: envelope, context: context, in: transaction, logger: logger)
        case .createTestClock(let request):
            return try createTestClock(request, of: envelope, at: consumerNow, in: transaction)
        case .getTestClock(let request):
            return try getTestClock(request, of: envelope, at: consumerNow, in: transaction)
        case .listTestClocks:
            return try listTestClocks(of: envelope, at: consumerNow, in: transaction)
        case .deleteTestClock(let request):
            return try deleteTestClock(request, of: envelope, at: consumerNow, in: transaction, logger: logger)
        case .reloadCatalog(let request):
            return try reloadCatalog(request, of: envelope, at: consumerNow, in: transaction, logger: logger)
        case .requestTestNotification:
            return try requestTestNotification(of: envelope, at: consumerNow, in: transaction, logger: logger)
        case .priceChangeWhatIf(let request):
            return try priceChangeWhatIf(request, of: envelope, command: command, at: consumerNow, in: transaction)
        default:
            break
        }
        // A read fires nothing, not even when it is refused (SubscriptionEngine.apply).
        let isQuery = Self.queryRoutes.contains(CommandRoute(command))
        let clock: CommandClock
        switch try CommandClock.resolve(envelope, command: command, consumerNow: consumerNow, in: transaction) {
        case .success(let resolved): clock = resolved
        case .failure(let rejection):
            return try refuse(envelope, rejection, at: consumerNow, firesDueTransitions: !isQuery, in: transaction)
        }
        let now = clock.now
        let engineCommand: EngineCommand
        switch Result(catching: { () throws(EngineRejection) -> EngineCommand? in try EngineCommand(command) }) {
        case .success(let mapped?):
            engineCommand = mapped
        case .success(nil):
            return try refuse(
                envelope, EngineRejection(.unimplemented, "not an engine command"), at: now, clockId: clock.testClockId, in: transaction)
        case .failure(let rejection):
            logger.debug("command refused by the mapping", metadata: ["error": "\(rejection)"])
            return try refuse(
                envelope, rejection, at: now, clockId: clock.testClockId, firesDueTransitions: !isQuery, in: transaction)
        }
        var store = AggregateEngineStore(transaction, clockId: clock.testClockId)
        let outcome = try engine.apply(engineCommand, commandId: envelope.commandID, at: now, in: &store)
        let events = outcome.events.map { OutgoingEvent($0) }
        if let rejection = outcome.reply.rejection {
            logger.debug("command refused by the engine", metadata: ["error": "\(rejection)"])
            let reply = Subscriptions_V1_CommandReply(commandId: envelope.commandID, rejection: rejection, repliedAt: now)
            return CommandOutcome(reply: OutgoingReply(reply), events: events)
        }
        let reply = try OutgoingReply(outcome.reply, route: CommandRoute(command), commandId: envelope.commandID, repliedAt: now)
        logger.debug("command applied", metadata: ["events": "\(events.count)"])
        return CommandOutcome(reply: reply, events: events)
    }

    /// Fires the consumer's clock (test clocks move only when advanced by name).
    public func advance(
        to now: Date, massExtensionBatches: Int, in transaction: any AggregateTransaction
    ) throws -> [OutgoingEvent] {
        try advance(to: try Timestamp(now), clockId: nil, massExtensionBatches: massExtensionBatches, in: transaction)
    }

    /// A preview's horizon: fires the clock the command runs on up to `until` (docs/previews.md).
    public func advance(
        clockOf envelope: Subscriptions_V1_CommandEnvelope, to until: Date, context: CommandContext,
        in transaction: any AggregateTransaction
    ) throws -> [Subscriptions_V1_NotificationEvent] {
        var clockId: String? = envelope.testClockID.isEmpty ? nil : envelope.testClockID
        var clockNow = try Timestamp(context.now)
        if let command = envelope.command,
            case .success(let clock) = try CommandClock.resolve(envelope, command: command, consumerNow: clockNow, in: transaction)
        {
            clockId = clock.testClockId
            clockNow = clock.now
        }
        let target = try Timestamp(until)
        guard target <= (try? clockNow.adding(days: CommandPreview.horizonDays)) ?? Timestamp.latest else {
            throw EngineRejection(
                .outOfRange, error: .tooManyEvents, field: "previewUntil",
                "previewUntil \(target) is more than \(CommandPreview.horizonDays) days after the clock's now \(clockNow)")
        }
        var store = AggregateEngineStore(transaction, clockId: clockId)
        return try engine.advance(
            to: target, in: &store, massExtensionBatches: CommandPreview.massExtensionBatches,
            eventLimit: CommandPreview.maximumEvents
        ).map { OutgoingEvent($0).message }
    }

    /// Fires the transitions of one clock (`clockId`, nil = the consumer's) due by `now`.
    func advance(
        to now: Timestamp, clockId: String?, massExtensionBatches: Int, in transaction: any AggregateTransaction
    ) throws -> [OutgoingEvent] {
        var store = AggregateEngineStore(transaction, clockId: clockId)
        return try engine.advance(to: now, in: &store, massExtensionBatches: massExtensionBatches).map { OutgoingEvent($0) }
    }

    /// The routes that only read: they fire no due transition (`EngineCommand.isQuery`).
    static let queryRoutes: Set<CommandRoute> = [
        .getMassExtensionStatus, .getAllSubscriptionStatuses, .getTransactionInfo, .getTransactionHistory, .getRefundHistory,
        .getSubscriptionHistory, .lookUpOrderId, .getAppTransactionInfo, .getRetentionOffer,
    ]

    /// A refusal that applied nothing of the command; subscription timers of the command's clock
    /// (`clockId`, nil = the consumer's) due by `now` still fire (as before any command; mass
    /// extensions run in the background), unless the command only reads.
    func refuse(
        _ envelope: Subscriptions_V1_CommandEnvelope, _ rejection: EngineRejection, at now: Timestamp, clockId: String? = nil,
        firesDueTransitions: Bool = true, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        let events = firesDueTransitions ? try advance(to: now, clockId: clockId, massExtensionBatches: 0, in: transaction) : []
        return CommandOutcome(
            reply: OutgoingReply(Subscriptions_V1_CommandReply(commandId: envelope.commandID, rejection: rejection, repliedAt: now)),
            events: events)
    }
}
