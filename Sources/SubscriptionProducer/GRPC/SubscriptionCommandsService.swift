import AppleErrorCatalog
import Foundation
import GRPCCore
import GRPCProtobuf
import SubscriptionCommands
import SubscriptionMessages
import SubscriptionTrust
import SwiftProtobuf

/// The gRPC front door: `subscriptions.v1.SubscriptionCommands` (Protos/subscriptions/v1/service.proto)
/// served over HTTP/2, one rpc per command, each answered with the consumer's reply through the
/// same ``CommandDispatcher`` as the HTTP routes (docs/grpc.md).
///
/// Per call: the bearer token of the metadata's `authorization` (the HTTP API's keys and roles),
/// the deadline from gRPC's own (`grpc-timeout`, else `REPLY_TIMEOUT`), the command id from the
/// `idempotency-key` metadata (as the HTTP header), the test clock from `x-test-clock`, the
/// trace context from `traceparent`/`tracestate`. A reply that is not OK becomes its gRPC status
/// with the consumer's message, and in the status details (`grpc-status-details-bin`, a
/// `google.rpc.Status`) the reply's `subscriptions.v1.ErrorDetail` (Apple's error code, its
/// name, the field, the HTTP status) and a `google.rpc.ErrorInfo` carrying the same; the code
/// is also in the trailing metadata `apple-error-code`.
///
/// The methods themselves (`ServiceProtocol` of the generated stubs) are generated from
/// service.proto beside this file (`SubscriptionCommandsService+Methods.swift`): each wraps its
/// request in the envelope's case and unwraps the reply's.
struct SubscriptionCommandsService: Sendable {
    let dispatcher: CommandDispatcher
    let authentication: BearerTokenVerifier
    /// The deadline of a call without one of its own (`REPLY_TIMEOUT`).
    let defaultTimeout: Duration
    /// The longest a call waits, whatever its own deadline (`X-Request-Timeout`'s maximum).
    let maximumTimeout: Duration

    /// The metadata keys read, lower-case as HTTP/2 carries them.
    enum Key {
        static let authorization = "authorization"
        static let timeout = "grpc-timeout"
        static let idempotencyKey = "idempotency-key"
        static let testClock = "x-test-clock"
        static let traceparent = "traceparent"
        static let tracestate = "tracestate"
        /// Trailing metadata of a failed call: the catalog's numeric error code.
        static let appleErrorCode = "apple-error-code"
        /// Initial metadata of every answered call: the command id used.
        static let commandID = "x-command-id"
    }

    /// Sends `command` and answers with the reply's `result` case that `unwrap` extracts.
    func respond<Reply: Sendable>(
        to command: Subscriptions_V1_CommandEnvelope.OneOf_Command, metadata: Metadata,
        unwrap: (Subscriptions_V1_CommandReply.OneOf_Result) -> Reply?
    ) async throws -> ServerResponse<Reply> {
        let route = CommandRoute(command)
        try authenticate(metadata, command: command)
        let timeout = Self.deadline(metadata.string(Key.timeout), default: defaultTimeout, maximum: maximumTimeout)
        let testClock = metadata.string(Key.testClock) ?? ""
        let key = metadata.string(Key.idempotencyKey).flatMap { $0.isEmpty ? nil : $0 }
        let outgoing = OutgoingCommand(
            command: command,
            commandID: CommandIdentity.commandID(route: route, idempotencyKey: key, testClockID: testClock),
            deadline: Date().addingTimeInterval(Double(timeout.milliseconds) / 1000),
            trace: TraceContext(traceparent: metadata.string(Key.traceparent), tracestate: metadata.string(Key.tracestate)),
            testClockID: testClock)
        let answer: Subscriptions_V1_CommandReply
        do throws(CommandFailure) {
            answer = try await dispatcher.send(outgoing)
        } catch {
            throw Self.rpcError(error)
        }
        guard answer.status == .ok else { throw Self.rpcError(answer) }
        guard let result = answer.result, let reply = unwrap(result) else {
            throw RPCError(code: .internalError, message: "the reply to \(route.methodName) carried no matching result")
        }
        return ServerResponse(message: reply, metadata: [Key.commandID: .string(outgoing.commandID)])
    }

    /// Lets the call through only with a valid bearer token of a key allowed on `command`: any
    /// key for the commands behind Apple's endpoints, an operator key for the others (as the HTTP
    /// routes, docs/signing-and-auth.md).
    func authenticate(_ metadata: Metadata, command: Subscriptions_V1_CommandEnvelope.OneOf_Command) throws(RPCError) {
        do throws(BearerTokenError) {
            let key = try authentication.verify(authorization: metadata.string(Key.authorization))
            if Self.needsOperatorKey(command), key.role != .operator {
                let route = CommandRoute(command)
                throw BearerTokenError(
                    .operatorKeyRequired, "\(route.methodName) is an operations method: it needs an operator key, '\(key.keyId)' is an app key")
            }
        } catch {
            let code: RPCError.Code = error.code.httpStatus == 403 ? .permissionDenied : .unauthenticated
            var detail = Subscriptions_V1_ErrorDetail()
            detail.appleErrorCode = error.code.errorCode
            detail.appleErrorName = error.code.error.name
            detail.message = error.message
            detail.httpStatus = Int32(error.code.httpStatus)
            throw Self.rpcError(code: code, detail: detail)
        }
    }

    /// Whether `command` needs an operator key: every command but those behind Apple's endpoints,
    /// and of the Retention Messaging API's operations the review of images and messages, which
    /// the HTTP API serves on the operator's routes too.
    static func needsOperatorKey(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command) -> Bool {
        if case .manageRetentionMessaging(let request) = command, case .review = request.operation { return true }
        return !appleRoutes.contains(CommandRoute(command))
    }

    /// The commands behind Apple's endpoints (App Store Server API, Advanced Commerce API,
    /// Retention Messaging API), which an app key may send; every other command needs an
    /// operator key.
    static let appleRoutes: Set<CommandRoute> = [
        .createSubscription, .modifySubscription, .reactivateSubscription, .changePrice, .changeMetadata,
        .cancelSubscription, .revokeSubscription, .migrateSubscription, .requestRefund, .extendRenewalDate,
        .massExtendRenewalDate, .getMassExtensionStatus, .getAllSubscriptionStatuses, .getTransactionInfo,
        .getTransactionHistory, .getRefundHistory, .getNotificationHistory, .requestTestNotification,
        .getTestNotificationStatus, .sendConsumptionInformation, .setAppAccountToken, .lookUpOrderId,
        .getAppTransactionInfo, .finishTransaction, .manageRetentionMessaging,
    ]

    /// The call's deadline: gRPC's `grpc-timeout` (at most `maximum`), else `default`.
    static func deadline(_ header: String?, default fallback: Duration, maximum: Duration) -> Duration {
        guard let header, let timeout = GRPCTimeout(header) else { return fallback }
        return min(timeout.duration, maximum)
    }

    /// A failed reply as its gRPC status with the reply's detail.
    static func rpcError(_ reply: Subscriptions_V1_CommandReply) -> RPCError {
        let code = Status.Code(rawValue: reply.status.rawValue).flatMap { RPCError.Code($0) } ?? .unknown
        var detail = reply.error
        if detail.message.isEmpty { detail.message = "the command failed with status \(reply.status)" }
        if detail.httpStatus == 0 { detail.httpStatus = Int32(ReplyMapping.httpStatus(of: reply)) }
        return rpcError(code: code, detail: detail)
    }

    /// No reply: unavailable (the broker), deadline exceeded, or cancelled, with our codes.
    static func rpcError(_ failure: CommandFailure) -> RPCError {
        let (code, error): (RPCError.Code, AppleError) =
            switch failure.code {
            case .brokerUnavailable, .publishFailed: (.unavailable, .serviceUnavailable)
            case .deadlineExceeded: (.deadlineExceeded, .replyDeadlineExceeded)
            case .cancelled: (.cancelled, .serviceUnavailable)
            }
        var detail = Subscriptions_V1_ErrorDetail()
        detail.appleErrorCode = error.errorCode
        detail.appleErrorName = error.name
        detail.message = failure.message
        detail.httpStatus = Int32(error.httpStatus)
        return rpcError(code: code, detail: detail)
    }

    /// `code` with `detail`'s message, and `detail` in the status details and trailers.
    static func rpcError(code: RPCError.Code, detail: Subscriptions_V1_ErrorDetail) -> RPCError {
        var info: [String: String] = [:]
        if detail.appleErrorCode != 0 { info["appleErrorCode"] = String(detail.appleErrorCode) }
        if !detail.field.isEmpty { info["field"] = detail.field }
        if detail.httpStatus != 0 { info["httpStatus"] = String(detail.httpStatus) }
        var details: [ErrorDetails] = [
            .errorInfo(
                reason: detail.appleErrorName.isEmpty ? "\(code)" : detail.appleErrorName, domain: "subscriptions.v1",
                metadata: info)
        ]
        if let packed = try? Google_Protobuf_Any(message: detail) { details.append(.any(packed)) }
        let message = detail.field.isEmpty ? detail.message : "\(detail.field): \(detail.message)"
        let status = GoogleRPCStatus(code: code, message: message, details: details)
        var metadata = status.rpcErrorMetadata
        if detail.appleErrorCode != 0 { metadata.addString(String(detail.appleErrorCode), forKey: Key.appleErrorCode) }
        return RPCError(code: code, message: message, metadata: metadata)
    }
}

extension Metadata {
    /// The first string value of `key`, if any.
    func string(_ key: String) -> String? {
        self[stringValues: key].first { _ in true }
    }
}
