import AppleErrorCatalog
import SubscriptionAPI
import SubscriptionMessages

/// A `CommandReply` as an HTTP answer (Protos/README.md, flow step 7).
enum ReplyMapping {
    /// The HTTP status of a reply: `ErrorDetail.http_status` when set, else by status code.
    static func httpStatus(of reply: Subscriptions_V1_CommandReply) -> Int {
        if reply.status != .ok, reply.hasError, reply.error.httpStatus != 0 {
            return Int(reply.error.httpStatus)
        }
        return httpStatus(of: reply.status)
    }

    /// The default HTTP status of a gRPC status code.
    static func httpStatus(of status: Subscriptions_V1_StatusCode) -> Int {
        switch status {
        case .ok: 200
        case .invalidArgument, .outOfRange: 400
        case .unauthenticated: 401
        case .failedPrecondition, .permissionDenied: 403
        case .notFound: 404
        case .alreadyExists, .aborted: 409
        case .resourceExhausted: 429
        case .unimplemented: 501
        case .unavailable: 503
        case .deadlineExceeded: 504
        default: 500
        }
    }

    /// The answer to `reply` of a command sent on `route`: the route's response JSON when OK,
    /// else Apple's error body. Without an Apple code the error code is ours:
    /// `<HTTP status>9999` (e.g. 4049999), so its first three digits still give the status.
    static func httpReply(
        _ reply: Subscriptions_V1_CommandReply, route: CommandRoute, signer: any PayloadSigner
    ) -> HTTPReply {
        let status = httpStatus(of: reply)
        guard reply.status == .ok else {
            let detail = reply.error
            let message = detail.message.isEmpty ? "the command failed with status \(reply.status)" : detail.message
            if detail.appleErrorCode != 0 {
                return HTTPReply(status: status, errorCode: detail.appleErrorCode, message: message)
            }
            let text = detail.field.isEmpty ? message : "\(detail.field): \(message)"
            return HTTPReply(status: status, errorCode: AppleError.fallbackCode(httpStatus: status), message: text)
        }
        guard let result = reply.result, CommandRoute(result) == route else {
            return HTTPReply(
                status: 500, errorCode: 5_000_000,
                message: "the reply to \(route.methodName) carried no matching result")
        }
        return ResultBody.httpReply(result, signer: signer)
    }
}
