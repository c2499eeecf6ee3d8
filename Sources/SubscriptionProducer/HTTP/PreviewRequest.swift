import Foundation
import SubscriptionAPI
import SubscriptionCommands
import SubscriptionMessages
import SwiftProtobuf

/// A dry run asked for in the query (docs/previews.md): `preview=true` on any command route,
/// optionally `previewUntil=<ms since 1970>` to let the command's clock run to that instant.
/// The answer is 200 with `{"preview": true, "httpStatus": …, "reply": …, "events": […]}`:
/// the status and body the request would have had, and the events it would have caused.
struct PreviewRequest: Sendable {
    /// `previewUntil`, if given.
    var until: Date?

    /// The preview of `query`, or nil when it asks for none.
    init?(query: [String: [String]]) throws(ValidationError) {
        let flag = query["preview"]
        let horizon = query["previewUntil"]
        guard flag != nil || horizon != nil else { return nil }
        if flag == nil { throw RequestProblem.invalid("previewUntil", "needs preview=true") }
        guard let flag, flag.count == 1, flag[0] == "true" || flag[0] == "false" else {
            throw RequestProblem.invalid("preview", "must be given once, as true or false")
        }
        guard flag[0] == "true" else {
            if horizon != nil { throw RequestProblem.invalid("previewUntil", "needs preview=true") }
            return nil
        }
        if let horizon {
            guard horizon.count == 1, let milliseconds = Int64(horizon[0]), (0...253_402_300_799_999).contains(milliseconds) else {
                throw RequestProblem.invalid(
                    "previewUntil", "must be given once, in milliseconds since 1970 (up to the end of 9999)")
            }
            until = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
    }

    /// The preview's answer: what the request would have answered (`mapped`) and the events.
    static func httpReply(_ reply: Subscriptions_V1_CommandReply, mapped: HTTPReply) -> HTTPReply {
        var object: [String: Any] = ["preview": reply.preview, "httpStatus": mapped.status]
        object["reply"] = mapped.body.isEmpty ? NSNull() : (try? JSONSerialization.jsonObject(with: mapped.body)) ?? NSNull()
        object["events"] = reply.previewEvents.compactMap { event in
            (try? event.jsonUTF8Data()).flatMap { try? JSONSerialization.jsonObject(with: $0) }
        }
        guard reply.preview else {
            // Refused before it ran (past its deadline, malformed): the refusal as it is. An OK
            // reply that is not a preview cannot come from this consumer; say so rather than pass
            // an applied command off as a preview.
            guard reply.status == .ok else { return mapped }
            return HTTPReply(status: 502, errorCode: 5_029_999, message: "the consumer did not answer as a preview")
        }
        guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return HTTPReply(status: 500, errorCode: 5_000_000, message: "the preview could not be encoded")
        }
        return HTTPReply(preview: body)
    }
}

extension HTTPReply {
    /// A preview's 200 with its JSON body.
    init(preview body: Data) {
        self.init(emptyWithStatus: 200)
        self.body = body
    }
}
