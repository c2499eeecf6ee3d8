import Foundation
import SubscriptionMessages
import SwiftProtobuf

extension Subscriptions_V1_CommandReply {
    /// A reply without a result: `status` with an error saying what was wrong and where.
    static func failure(
        commandId: String,
        status: Subscriptions_V1_StatusCode,
        message: String,
        field: String = "",
        now: Date = Date()
    ) -> Self {
        var reply = Self()
        reply.commandID = commandId
        reply.schemaVersion = WireContract.schemaVersion
        reply.status = status
        reply.error.message = message
        reply.error.field = field
        reply.repliedAt = Google_Protobuf_Timestamp(date: now)
        return reply
    }
}
