import Foundation
import Logging
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

extension EngineCommandHandler {
    /// `advance_test_clock` without a test clock id: the consumer's manual clock only (test
    /// clocks: `EngineCommandHandler+TestClocks.swift`); fires every transition of the
    /// subscriptions on no test clock up to the target, which is a fixed duration, an instant,
    /// or calendar months (UTC, day clamped) then a duration.
    /// `transitions_fired` counts distinct (subscription, instant) pairs among the events:
    /// one renewal or one consent request sent on three channels is one transition.
    /// The events are caused by time, so their `caused_by_command_id` stays empty, exactly
    /// as when the system clock reaches the same instant.
    func advanceTestClock(
        _ request: Subscriptions_V1_AdvanceTestClockRequest, of envelope: Subscriptions_V1_CommandEnvelope,
        context: CommandContext, in transaction: any AggregateTransaction, logger: Logger
    ) throws -> CommandOutcome {
        let now = try Timestamp(context.now)
        guard context.clock == .manual else {
            return try refuse(
                envelope,
                EngineRejection(
                    .failedPrecondition, field: "clock",
                    "the test clock can only be advanced with --clock manual; this consumer runs on the \(context.clock.rawValue) clock"),
                at: now, in: transaction)
        }
        let target: Timestamp
        switch TestClockTarget.resolve(request.target, from: now) {
        case .success(let instant): target = instant
        case .failure(let rejection): return try refuse(envelope, rejection, at: now, in: transaction)
        }
        var store = AggregateEngineStore(transaction)
        let (fired, reached) = try engine.advance(toward: target, in: &store, eventLimit: CommandPreview.maximumAdvanceEvents)
        logger.debug("test clock advanced", metadata: ["clock.now": "\(reached)", "events": "\(fired.count)"])
        return CommandOutcome(
            reply: OutgoingReply(Subscriptions_V1_CommandReply(
                commandId: envelope.commandID, result: .advanceTestClock(Self.advanceReply(from: now, to: reached, fired: fired)),
                repliedAt: reached)),
            events: fired.map { OutgoingEvent($0) },
            manualClockAdvancedTo: reached.date)
    }

    /// `reload_catalog`: re-reads the catalog file the consumer was started with and swaps the
    /// engine. The caller names no file (a deprecated `source` is refused), and the answer never
    /// names the path: a caller learns nothing about the consumer's files. A bad file changes
    /// nothing and is answered 422 with what is wrong with it.
    func reloadCatalog(
        _ request: Subscriptions_V1_ReloadCatalogRequest, of envelope: Subscriptions_V1_CommandEnvelope,
        at now: Timestamp, in transaction: any AggregateTransaction, logger: Logger
    ) throws -> CommandOutcome {
        guard request.source.isEmpty else {
            return try refuse(
                envelope,
                EngineRejection(
                    .invalidArgument, error: .invalidValue, field: "source",
                    "source is no longer accepted: the consumer reloads the catalog file it was started with (CATALOG_PATH); leave it empty"),
                at: now, in: transaction)
        }
        guard let path = catalogPath else {
            return try refuse(
                envelope,
                EngineRejection(
                    .failedPrecondition, error: .catalogUnreadable, field: "catalog",
                    "this consumer was started with a catalog value, not a file, so there is nothing to reload"),
                at: now, in: transaction)
        }
        let file: CatalogFile
        do {
            file = try CatalogFile(path: path)
        } catch {
            logger.warning(
                "catalog reload refused; the catalog in use is unchanged",
                metadata: ["error": "\(error)", "command.id": "\(envelope.commandID)"])
            let rejection = switch error.kind {
            case .unreadable:
                EngineRejection(
                    .failedPrecondition, error: .catalogUnreadable, field: "catalog",
                    "the configured catalog file (CATALOG_PATH) \(error.reason); the catalog in use is unchanged")
            case .invalid:
                EngineRejection(
                    .failedPrecondition, error: .invalidCatalog, field: "catalog",
                    "the configured catalog file (CATALOG_PATH) is not a valid catalog: \(error.reason); the catalog in use is unchanged")
            }
            return try refuse(envelope, rejection, at: now, in: transaction)
        }
        // Transitions due by now fire under the catalog they fell due with.
        let events = try advance(to: now.date, massExtensionBatches: 0, in: transaction)
        state.withLock {
            $0 = State(engine: SubscriptionEngine(catalog: file.catalog, firingObserver: $0.engine.firingObserver), catalog: file)
        }
        logger.debug("catalog reloaded", metadata: ["catalog.version": "\(file.version)", "catalog.path": "\(path)"])
        let reply = Subscriptions_V1_ReloadCatalogReply.with {
            $0.catalogVersion = file.version
            $0.productCount = Int32(file.productCount)
            $0.storefrontCount = Int32(file.storefrontCount)
        }
        return CommandOutcome(
            reply: OutgoingReply(Subscriptions_V1_CommandReply(commandId: envelope.commandID, result: .reloadCatalog(reply), repliedAt: now)),
            events: events)
    }
}
