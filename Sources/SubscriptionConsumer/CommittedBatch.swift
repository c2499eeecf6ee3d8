import AMQPClient
import Foundation
import SubscriptionMessages
import SubscriptionStore

/// What one write transaction committed and what is left to do after it: publish its events
/// and replies, then ack its deliveries.
struct CommittedBatch: Sendable {
    /// A command that passed triage and was applied (or replayed) in the transaction.
    struct Applied: Sendable {
        var delivery: AMQPDelivery
        var method: String
        var commandId: String
        /// The encoded `CommandReply` (also the processed-command record).
        var reply: Data
        var status: Subscriptions_V1_StatusCode
    }

    /// The commands, in delivery order (empty for a timer transaction).
    var applied: [Applied]
    /// The events the transaction put in the outbox, with their ids, in commit order.
    var events: [OutboxEntry]
    /// When the batch's processing started (for the duration metric).
    var started: ContinuousClock.Instant
}

/// A committed batch whose publishes are queued on the connection, waiting for its confirms.
struct PublishingBatch: Sendable {
    var batch: CommittedBatch
    /// Events first (when published directly), then replies.
    var publishes: AMQPPublishBatch
    /// Whether the events are in `publishes` (else the relay publishes them from the outbox).
    var eventsPublishedDirectly: Bool
    /// Which of the batch's commands have a reply in `publishes`, in order.
    var repliedCommands: [Int]
}
