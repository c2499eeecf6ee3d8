import Foundation
import SubscriptionEngine
import SubscriptionMessages

/// A command's reply on its way out: the engine's answer to a command whose reply is a
/// subscription (most writes: purchases, switches, Advanced Commerce changes, refunds),
/// written straight to the wire format (``ProtobufWriter``), or a reply message already built.
/// ``message`` builds the generated type when a caller wants to read or change it.
public struct OutgoingReply: Sendable {
    private enum Source: Sendable {
        /// A successful reply whose result (oneof field `resultField`) is a message with the
        /// subscription in field 1, and for a switch the two fields after it.
        case subscription(
            route: CommandRoute, resultField: Int, info: SubscriptionInfo, switched: (immediately: Bool, refund: Milliunits)?,
            commandId: String, repliedAt: Timestamp)
        case message(Subscriptions_V1_CommandReply)
    }

    private let source: Source

    /// A reply already in its wire type.
    public init(_ message: Subscriptions_V1_CommandReply) {
        source = .message(message)
    }

    /// The successful reply to `commandId` on `route` carrying `reply`: written by hand when
    /// the route answers with a subscription, else built as the generated message.
    /// - Throws: ``ReplyMappingError`` when `reply` does not answer `route`.
    public init(_ reply: EngineReply, route: CommandRoute, commandId: String, repliedAt: Timestamp) throws(ReplyMappingError) {
        switch reply {
        case .subscription(let info):
            if let field = Self.subscriptionResultFields[route] {
                source = .subscription(
                    route: route, resultField: field, info: info, switched: nil, commandId: commandId, repliedAt: repliedAt)
                return
            }
        case .switchProduct(let info, let immediately, let refund) where route == .switchProduct:
            source = .subscription(
                route: route, resultField: 101, info: info, switched: (immediately, refund), commandId: commandId,
                repliedAt: repliedAt)
            return
        default:
            break
        }
        let result = try Subscriptions_V1_CommandReply.OneOf_Result(reply, route: route)
        source = .message(Subscriptions_V1_CommandReply(commandId: commandId, result: result, repliedAt: repliedAt))
    }

    /// The routes answered with `.subscription(info)` and the field of their result (a reply
    /// message holding only `SubscriptionInfo subscription = 1`): Protos/subscriptions/v1/envelope.proto.
    static let subscriptionResultFields: [CommandRoute: Int] = [
        .purchase: 100, .createSubscription: 102, .modifySubscription: 103, .reactivateSubscription: 104,
        .cancelSubscription: 113, .revokeSubscription: 114, .requestRefund: 115, .changeMetadata: 116,
        .migrateSubscription: 117, .requestCustomerRefund: 170, .decideRefund: 172,
    ]

    /// The reply as the generated message.
    public var message: Subscriptions_V1_CommandReply {
        switch source {
        case .message(let message):
            return message
        case .subscription(let route, _, let info, let switched, let commandId, let repliedAt):
            let result: Subscriptions_V1_CommandReply.OneOf_Result
            if let switched {
                result = .switchProduct(.with {
                    $0.subscription = .init(info)
                    $0.effectiveImmediately = switched.immediately
                    $0.proratedRefund = switched.refund.rawValue
                })
            } else {
                do {
                    result = try Subscriptions_V1_CommandReply.OneOf_Result(.subscription(info), route: route)
                } catch {
                    // Every route of `subscriptionResultFields` maps `.subscription` (WireEncodingTests).
                    preconditionFailure("\(error)")
                }
            }
            return Subscriptions_V1_CommandReply(commandId: commandId, result: result, repliedAt: repliedAt)
        }
    }

    /// The reply's status.
    public var status: Subscriptions_V1_StatusCode {
        switch source {
        case .subscription: .ok
        case .message(let message): message.status
        }
    }

    /// The reply's bytes (also the processed-command record that replays return).
    public func encoded() throws -> Data {
        switch source {
        case .message(let message):
            return try message.serializedBytes()
        case .subscription(_, let field, let info, let switched, let commandId, let repliedAt):
            var writer = ProtobufWriter()
            writer.string(1, commandId)
            writer.uint64(2, UInt64(WireContract.schemaVersion))
            writer.enumeration(3, Subscriptions_V1_StatusCode.ok.rawValue)
            writer.timestamp(5, repliedAt)
            try writer.message(field) { result in
                try result.message(1) { try $0.subscriptionInfo(info) }
                if let switched {
                    result.bool(2, switched.immediately)
                    result.int64(3, switched.refund.rawValue)
                }
            }
            let body = writer.data
            WireEncodingCheck.verify(body, matches: try? message.serializedBytes(), "the \(field) reply")
            return body
        }
    }
}
