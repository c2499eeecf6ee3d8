extension SubscriptionEngine {
    /// Fires the subscription's due transition; when the engine refuses it (a stored value its
    /// checked arithmetic cannot take), keeps nothing of the attempt and quarantines the
    /// subscription instead: its timers stop, a `QUARANTINED` event says why, and every other
    /// subscription and command is served as usual (docs/reliability.md, "Poison").
    func fireOrQuarantine(_ subscription: inout Subscription, at due: Timestamp, log: inout EventLog) {
        var attempt = subscription
        let first = log.events.endIndex
        do {
            try fire(&attempt, at: due, log: &log)
            subscription = attempt
        } catch {
            log.events.removeSubrange(first...)
            subscription.quarantine = Quarantine(dueAt: due, reason: error.description)
            log.emit(.quarantined, nil, &subscription, at: due)
        }
    }

    /// Releases a quarantined subscription (`subscriptionsctl quarantine retry`): its timers are
    /// due again and fire at the next advance; if they are refused again, it is quarantined again.
    /// Returns the quarantine that was lifted, nil when the subscription was not quarantined.
    public func releaseQuarantine(
        of originalTransactionId: String, store: inout some EngineStore
    ) throws -> Quarantine? {
        guard var subscription = try store.subscription(originalTransactionId), let quarantine = subscription.quarantine
        else { return nil }
        subscription.quarantine = nil
        try store.save(subscription)
        return quarantine
    }
}

extension SubscriptionEngine {
    /// Quarantines a subscription whose due transition killed the process (the consumer's crash
    /// journal named it after a restart): its timers stop and a `QUARANTINED` event says why.
    /// Returns the event; none when the subscription does not exist or is quarantined already.
    public func quarantine(
        _ originalTransactionId: String, reason: String, at now: Timestamp, store: inout some EngineStore
    ) throws -> [EngineEvent] {
        guard var subscription = try store.subscription(originalTransactionId), subscription.quarantine == nil else { return [] }
        var log = EventLog(app: catalog.app, commandId: nil)
        subscription.quarantine = Quarantine(dueAt: subscription.nextDueTime ?? now, reason: reason)
        log.emit(.quarantined, nil, &subscription, at: now)
        try store.save(subscription)
        return log.events
    }
}

/// Told which subscription's due transition the engine is firing: a process that dies inside
/// one can then name the subscription after its restart (the consumer's crash journal), and
/// quarantine it instead of dying on it again. Called on the thread that applies, never
/// concurrently for one engine.
public protocol FiringObserver: AnyObject, Sendable {
    /// The engine is about to fire the due transition of `originalTransactionId`.
    func willFire(_ originalTransactionId: String)
    /// The transition fired (or was refused and quarantined): nothing is being fired.
    func didFire()
}
