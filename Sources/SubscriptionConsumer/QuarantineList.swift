import Foundation
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionStore
import SubscriptionWire

/// The subscriptions whose timers are held for an operator (``Quarantine``), kept as one store
/// setting beside them so that listing them reads one row, not every subscription: the
/// pipeline adds a subscription when one of its transactions produced a `QUARANTINED` event,
/// and a retry (`POST /quarantine/{id}/retry`, `subscriptionsctl quarantine retry`) removes it
/// (docs/reliability.md, "Poison").
enum QuarantineList {
    static let settingName = "quarantined-subscriptions"
    private static let routingKeyPrefix = "QUARANTINED."

    /// Adds the subscriptions of the `QUARANTINED` events among `entries`.
    static func note(_ entries: [OutboxEntry], in transaction: any ConsumerStoreTransaction) throws {
        var added: [String] = []
        for entry in entries where entry.routingKey.hasPrefix(routingKeyPrefix) { added.append(entry.subscriptionId) }
        guard !added.isEmpty else { return }
        var ids = try self.ids(in: transaction)
        for id in added where !ids.contains(id) { ids.append(id) }
        try transaction.setSetting(settingName, to: ids.joined(separator: "\n"))
    }

    /// The quarantined subscriptions, in the order they were quarantined.
    static func ids(in transaction: any ConsumerStoreTransaction) throws -> [String] {
        try transaction.setting(settingName).map { $0.split(separator: "\n").map(String.init) } ?? []
    }

    /// Each quarantined subscription with why and since when.
    static func entries(in transaction: any ConsumerStoreTransaction) throws -> [(id: String, quarantine: Quarantine)] {
        let store = AggregateEngineStore(transaction)
        return try ids(in: transaction).compactMap { id in
            try store.subscription(id)?.quarantine.map { (id, $0) }
        }
    }

    /// Releases `id` (its timers are due again) and takes it off the list; nil when it was not quarantined.
    static func retry(
        _ id: String, handler: EngineCommandHandler, in transaction: any ConsumerStoreTransaction
    ) throws -> Quarantine? {
        let lifted = try handler.releaseQuarantine(id, in: transaction)
        let ids = try self.ids(in: transaction)
        if ids.contains(id) { try transaction.setSetting(settingName, to: ids.filter { $0 != id }.joined(separator: "\n")) }
        return lifted
    }
}
