import ArgumentParser
import Foundation
import StableIdentifiers
import SubscriptionMessages
import SwiftProtobuf
import Synchronization

/// The command envelopes the load tool sends.
struct CommandFactory: Sendable {
    let run = UUID().uuidString.prefix(8).lowercased()
    var product: String
    var storefront = "USA"
    var commandIds = CommandIdStyle.timeOrdered
    /// The random bits of this run's command ids.
    private let randomBits = CommandIdRandomness()

    /// A purchase by customer `index` of this run.
    func purchase(_ index: Int, customerPrefix: String = "load") -> (Subscriptions_V1_CommandEnvelope, CommandRoute) {
        var request = Subscriptions_V1_PurchaseRequest()
        request.customerID = "\(customerPrefix)-\(run)-\(index)"
        request.productID = product
        request.storefront = storefront
        return (envelope(.purchase(request)), .purchase)
    }

    /// A mass renewal-date extension of the product.
    func massExtension(requestIdentifier: String, days: Int32) -> (Subscriptions_V1_CommandEnvelope, CommandRoute) {
        var request = Subscriptions_V1_MassExtendRenewalDateRequest()
        request.productID = product
        request.extendByDays = days
        request.extendReasonCode = Google_Protobuf_Int32Value(1)
        request.requestIdentifier = requestIdentifier
        return (envelope(.massExtendRenewalDate(request)), .massExtendRenewalDate)
    }

    /// The status query of a mass extension.
    func massExtensionStatus(requestIdentifier: String) -> (Subscriptions_V1_CommandEnvelope, CommandRoute) {
        var request = Subscriptions_V1_GetMassExtensionStatusRequest()
        request.productID = product
        request.requestIdentifier = requestIdentifier
        return (envelope(.getMassExtensionStatus(request)), .getMassExtensionStatus)
    }

    private func envelope(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command) -> Subscriptions_V1_CommandEnvelope {
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = commandIds.next(using: randomBits)
        envelope.schemaVersion = WireContract.schemaVersion
        envelope.issuedAt = Google_Protobuf_Timestamp(date: Date())
        envelope.command = command
        return envelope
    }
}

/// How the load tool chooses each command's `command_id`.
enum CommandIdStyle: String, ExpressibleByArgument, Sendable {
    /// Version 7 UUIDs, as the producer gives commands without an idempotency key.
    case timeOrdered = "time-ordered"
    /// Version 4 UUIDs: what name-based ids (idempotency keys) and clients with random ids
    /// cost the consumer (docs/consumer.md, "Command ids").
    case random

    func next(using randomness: CommandIdRandomness) -> String {
        switch self {
        case .timeOrdered:
            randomness.withGenerator {
                UUIDv7.string(nanosecondsSince1970: UInt64(Date().timeIntervalSince1970 * 1_000_000_000), using: &$0)
            }
        case .random: UUID().uuidString.lowercased()
        }
    }
}

/// Random bits for command ids from a generator seeded once from the system's, instead of two
/// `getrandom` calls per id (4 % of this tool's CPU at 500 in flight). Ids need to be unique, not
/// unpredictable.
final class CommandIdRandomness: Sendable {
    private let generator: Mutex<SplitMix64>

    init() {
        var system = SystemRandomNumberGenerator()
        generator = Mutex(SplitMix64(seed: system.next()))
    }

    func withGenerator<Result>(_ body: (inout SplitMix64) -> Result) -> Result {
        generator.withLock { body(&$0) }
    }
}
