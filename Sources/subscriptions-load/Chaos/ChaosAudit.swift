import Foundation
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionStore
import SubscriptionWire

/// The end of a chaos run: what the store holds compared with what the clients were answered
/// and what the analytics queue received. Every "lost" and "applied twice" count must be 0.
struct ChaosAudit: Sendable {
    /// Subscriptions and their last event sequence, read from the store.
    struct Store: Sendable {
        var processedIds: Set<String> = []
        /// customer → its subscription ids.
        var subscriptionsByCustomer: [String: [String]] = [:]
        /// subscription → last sequence (events it must have emitted: 1…N).
        var sequences: [String: Int64] = [:]
        var transactions = 0
        var historyRows = 0
        var outbox = 0

        var expectedEvents: Int64 { sequences.values.reduce(0, +) }
    }

    /// Reads the store (the consumer may be running: a WAL snapshot).
    static func read(databasePath: String, customers: [String]) async throws -> Store {
        let database = try SubscriptionDatabase(path: databasePath)
        return try await database.read { transaction in
            var store = Store()
            store.processedIds = Set(try transaction.processedCommandIds())
            let engineStore = AggregateEngineStore(transaction)
            for customer in customers {
                let ids = try transaction.subscriptionIds(customerId: customer)
                store.subscriptionsByCustomer[customer] = ids
                for id in ids {
                    guard let subscription = try engineStore.subscription(id) else { continue }
                    store.sequences[id] = Int64(subscription.sequence)
                    store.transactions += subscription.transactionCount
                }
            }
            let statistics = try transaction.storageStatistics()
            store.historyRows = statistics.rows["transaction_history"] ?? 0
            store.outbox = statistics.rows["outbox"] ?? 0
            return store
        }
    }

    /// The findings, from the store, the clients' counts and the events received.
    struct Findings: Sendable {
        var commandsWithoutFinalReply = 0
        var answeredButNotRecorded = 0
        var recordedButNeverAnswered = 0
        var purchasesLost = 0
        var purchasesAppliedTwice = 0
        var historyInconsistent = 0
        var eventsExpected: Int64 = 0
        var eventsReceivedDistinct = 0
        var eventsMissing = 0
        var eventsBeyondStore = 0
        var sequenceDivergent = 0
        var duplicateDeliveries = 0
        var subscriptionsWithGaps = 0
        var undecodable = 0

        var lostOrTwice: Int {
            commandsWithoutFinalReply + answeredButNotRecorded + recordedButNeverAnswered + purchasesLost
                + purchasesAppliedTwice + historyInconsistent + eventsMissing + eventsBeyondStore + sequenceDivergent + undecodable
        }
    }

    static func findings(store: Store, counts: ChaosStats.Counts, boughtOK: Set<String>, events: EventTap.Seen) -> Findings {
        var findings = Findings()
        findings.commandsWithoutFinalReply = counts.noFinalReply
        findings.answeredButNotRecorded = counts.commandIds.subtracting(store.processedIds).count
        findings.recordedButNeverAnswered = store.processedIds.subtracting(counts.commandIds).count
        for (customer, ids) in store.subscriptionsByCustomer {
            if ids.isEmpty, boughtOK.contains(customer) { findings.purchasesLost += 1 }
            if ids.count > 1 { findings.purchasesAppliedTwice += ids.count - 1 }
        }
        findings.historyInconsistent = abs(store.historyRows - (store.transactions - store.sequences.count))
        findings.eventsExpected = store.expectedEvents
        findings.duplicateDeliveries = events.duplicateDeliveries
        findings.undecodable = events.undecodable
        var received: [String: [Int64: Int]] = [:]
        for (_, seen) in events.byMessage { received[seen.subscription, default: [:]][seen.sequence, default: 0] += 1 }
        findings.eventsReceivedDistinct = events.byMessage.count
        for (subscription, last) in store.sequences {
            let sequences = received[subscription] ?? [:]
            let missing = (1...max(1, last)).filter { last > 0 && sequences[$0] == nil }.count
            findings.eventsMissing += missing
            if missing > 0 { findings.subscriptionsWithGaps += 1 }
        }
        for (subscription, sequences) in received {
            let last = store.sequences[subscription] ?? 0
            for (sequence, messages) in sequences {
                if sequence > last || sequence < 1 { findings.eventsBeyondStore += messages }
                if messages > 1 { findings.sequenceDivergent += messages - 1 }
            }
        }
        return findings
    }
}
