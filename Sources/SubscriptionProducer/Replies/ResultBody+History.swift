import SubscriptionAPI
import SubscriptionMessages
import SubscriptionTrust

/// Apple's response JSON of the history and notification endpoints.
extension ResultBody {
    static func historyBody(_ result: Subscriptions_V1_CommandReply.OneOf_Result) -> (any Encodable)? {
        switch result {
        case .getTransactionInfo(let reply):
            return TransactionInfoResponse(signedTransactionInfo: SignedPayload(JWSTransactionDecodedPayload(reply.transactionInfo)))
        case .getTransactionHistory(let reply):
            return HistoryResponse(
                revision: reply.revision, hasMore: reply.hasMore_p, bundleId: reply.bundleID,
                appAppleId: reply.appAppleID == 0 ? nil : reply.appAppleID,
                environment: reply.environment.appleValue ?? "Production",
                signedTransactions: reply.transactions.map { SignedPayload(JWSTransactionDecodedPayload($0)) })
        case .getRefundHistory(let reply):
            return RefundHistoryResponse(
                signedTransactions: reply.transactions.map { SignedPayload(JWSTransactionDecodedPayload($0)) },
                revision: reply.revision, hasMore: reply.hasMore_p)
        case .getNotificationHistory(let reply):
            return NotificationHistoryResponse(
                paginationToken: reply.paginationToken.nonEmpty, hasMore: reply.hasMore_p,
                notificationHistory: reply.notificationHistory.map {
                    NotificationHistoryResponseItem(signedPayload: $0.signedPayload, sendAttempts: $0.sendAttempts.map(SendAttemptItem.init))
                })
        case .requestTestNotification(let reply):
            return SendTestNotificationResponse(testNotificationToken: reply.testNotificationToken)
        case .getTestNotificationStatus(let reply):
            return CheckTestNotificationResponse(
                signedPayload: reply.signedPayload, sendAttempts: reply.sendAttempts.map(SendAttemptItem.init))
        default:
            return nil
        }
    }
}

extension SendAttemptItem {
    init(_ attempt: Subscriptions_V1_SendAttempt) {
        self.init(attemptDate: attempt.attemptDate.milliseconds, sendAttemptResult: attempt.result.appleValue)
    }
}

extension Subscriptions_V1_SendAttemptResult {
    /// Apple's `sendAttemptResult` literal.
    var appleValue: String {
        switch self {
        case .success: "SUCCESS"
        case .timedOut: "TIMED_OUT"
        case .tlsIssue: "TLS_ISSUE"
        case .circularRedirect: "CIRCULAR_REDIRECT"
        case .noResponse: "NO_RESPONSE"
        case .socketIssue: "SOCKET_ISSUE"
        case .unsupportedCharset: "UNSUPPORTED_CHARSET"
        case .invalidResponse: "INVALID_RESPONSE"
        case .prematureClose: "PREMATURE_CLOSE"
        case .unsuccessfulHTTPResponseCode: "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
        case .other, .unspecified, .UNRECOGNIZED: "OTHER"
        }
    }
}
