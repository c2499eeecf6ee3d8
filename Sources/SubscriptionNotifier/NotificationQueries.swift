import Foundation
import SubscriptionAPI
import SubscriptionMessages
import SubscriptionStore

/// Get Notification History and Get Test Notification Status answered from the notifier's
/// database, as wire replies.
public struct NotificationQueries: Sendable {
    /// Notifications per page (Apple's page size).
    public static let pageSize = 20

    let database: (any NotificationStore)?

    /// Queries over `database`; nil = the notifier is off (no URL): nothing was ever sent.
    public init(database: (any NotificationStore)?) { self.database = database }

    /// Whether a notifier sends notifications (a URL is configured).
    public var isEnabled: Bool { database != nil }

    /// A page of the history; `subscriptionIds` (the customer's, for a `transactionId` filter)
    /// limits it to those subscriptions.
    public func history(
        _ request: Subscriptions_V1_GetNotificationHistoryRequest, subscriptionIds: [String]?
    ) throws -> Result<Subscriptions_V1_GetNotificationHistoryReply, QueryProblem> {
        var after: HistoryPosition?
        if !request.paginationToken.isEmpty {
            guard let position = HistoryPosition(token: request.paginationToken) else {
                return .failure(QueryProblem(field: "paginationToken", message: "not a pagination token this service gave out", error: .invalidPaginationToken))
            }
            after = position
        }
        guard request.hasStartDate else {
            return .failure(QueryProblem(field: "startDate", message: "missing", error: .invalidStartDate))
        }
        guard request.hasEndDate else {
            return .failure(QueryProblem(field: "endDate", message: "missing", error: .invalidEndDate))
        }
        guard let database else { return .success(Subscriptions_V1_GetNotificationHistoryReply()) }
        let query = NotificationHistoryQuery(
            startDate: request.startDate.milliseconds, endDate: request.endDate.milliseconds,
            notificationType: request.notificationType == .unspecified ? nil : request.notificationType.routingSegment,
            subtype: request.notificationSubtype == .unspecified ? nil : request.notificationSubtype.routingSegment,
            subscriptionIds: subscriptionIds, onlyFailures: request.onlyFailures, after: after, limit: Self.pageSize)
        let page = try database.history(query)
        return .success(.with {
            $0.hasMore_p = page.hasMore
            if page.hasMore, let last = page.items.last {
                $0.paginationToken = HistoryPosition(signedDate: last.signedDate, uuid: last.uuid).token
            }
            $0.notificationHistory = page.items.map { entry in
                .with {
                    $0.signedPayload = entry.signedPayload
                    $0.sendAttempts = entry.attempts.map(Subscriptions_V1_SendAttempt.init)
                }
            }
        })
    }

    /// The test notification of `token` (`<uuid>_<ms>`) with its attempts.
    public func testNotificationStatus(
        _ request: Subscriptions_V1_GetTestNotificationStatusRequest
    ) throws -> Result<Subscriptions_V1_GetTestNotificationStatusReply, QueryProblem> {
        let uuid = request.testNotificationToken.split(separator: "_").first.map(String.init) ?? ""
        guard UUID(uuidString: uuid) != nil else {
            return .failure(QueryProblem(field: "testNotificationToken", message: "not a test notification token", error: .invalidTestNotificationToken))
        }
        guard let database, let entry = try database.notification(uuid: uuid.lowercased()) else {
            return .failure(QueryProblem(
                field: "testNotificationToken", message: "no test notification '\(request.testNotificationToken.prefix(80))'",
                error: .testNotificationNotFound))
        }
        return .success(.with {
            $0.signedPayload = entry.signedPayload
            $0.sendAttempts = entry.attempts.map(Subscriptions_V1_SendAttempt.init)
        })
    }
}

/// A query that cannot be answered: Apple's error and the field.
public struct QueryProblem: Error, Sendable {
    public var field: String
    public var message: String
    public var error: APIError

    /// Apple's numeric error code, e.g. 4040008.
    public var appleErrorCode: Int { Int(error.errorCode) }
    /// Apple's error name, e.g. `TestNotificationNotFoundError`.
    public var appleErrorName: String { error.name }
    /// Whether the answer is 404 (else 400).
    public var isNotFound: Bool { error.errorCode / 10_000 == 404 }
}

extension HistoryPosition {
    /// `<signed date ms>.<uuid>` in hexadecimal UTF-8: opaque, safe in a query string.
    var token: String {
        Array("\(signedDate).\(uuid)".utf8).map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    init?(token: String) {
        guard token.count % 2 == 0, token.count <= 256 else { return nil }
        var bytes: [UInt8] = []
        var index = token.startIndex
        while index < token.endIndex {
            let next = token.index(index, offsetBy: 2)
            guard let byte = UInt8(token[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let dot = text.firstIndex(of: "."), let date = Int64(text[..<dot]) else { return nil }
        self.init(signedDate: date, uuid: String(text[text.index(after: dot)...]))
    }
}

extension Subscriptions_V1_SendAttempt {
    init(_ record: SendAttemptRecord) {
        self.init()
        attemptDate = .init(seconds: record.attemptedAt / 1000, nanos: Int32(record.attemptedAt % 1000) * 1_000_000)
        result = Subscriptions_V1_SendAttemptResult(appleLiteral: record.result)
    }
}

extension Subscriptions_V1_SendAttemptResult {
    /// The value of Apple's literal (`SUCCESS`, `TIMED_OUT`, …); `OTHER` for one it does not know.
    init(appleLiteral: String) {
        switch appleLiteral {
        case "SUCCESS": self = .success
        case "TIMED_OUT": self = .timedOut
        case "TLS_ISSUE": self = .tlsIssue
        case "CIRCULAR_REDIRECT": self = .circularRedirect
        case "NO_RESPONSE": self = .noResponse
        case "SOCKET_ISSUE": self = .socketIssue
        case "UNSUPPORTED_CHARSET": self = .unsupportedCharset
        case "INVALID_RESPONSE": self = .invalidResponse
        case "PREMATURE_CLOSE": self = .prematureClose
        case "UNSUCCESSFUL_HTTP_RESPONSE_CODE": self = .unsuccessfulHTTPResponseCode
        default: self = .other
        }
    }
}
