import Foundation
import SubscriptionMessages

/// A TEST-ONLY switch that makes the consumer crash on a marked command, every time it meets
/// it (`CRASH_ON_CUSTOMER=<customer id>`; unset, the default, it does nothing). It is how the
/// poison-command tests show that a command whose handling kills the process reaches the
/// dead-letter queue through the commands queue's `x-delivery-limit` and that the consumer
/// then serves again (docs/consumer.md, "Poison commands"). Never set it in production.
struct FaultInjection: Sendable {
    /// The customer id whose purchases crash the process.
    var crashOnCustomer: String

    /// Aborts the process (as a crash in the handler would: no ack, no reply, no cleanup)
    /// when `envelope` is a purchase by the marked customer.
    func crashIfMarked(_ envelope: Subscriptions_V1_CommandEnvelope) {
        guard case .purchase(let purchase)? = envelope.command, purchase.customerID == crashOnCustomer else { return }
        FileHandle.standardError.write(Data("fault injection: CRASH_ON_CUSTOMER matched command \(envelope.commandID); aborting\n".utf8))
        abort()
    }
}
