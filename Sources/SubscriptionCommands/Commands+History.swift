import Foundation
import SubscriptionAPI
import SubscriptionMessages
import SwiftProtobuf

/// The history and notification endpoints of the App Store Server API as wire commands: path
/// and query parameters (and Get Notification History's body) validated, with Apple's error
/// codes naming the parameter.
extension PreparedCommand {
    static func history(
        route: CommandRoute, body: some Sequence<UInt8>, parameters: RequestParameters
    ) throws(ValidationError) -> PreparedCommand {
        switch route {
        case .getTransactionInfo:
            let id = try RequestProblem.identifier(parameters.transactionId, name: "transactionId", error: .invalidTransactionId)
            return PreparedCommand(.getTransactionInfo(.with { $0.transactionID = id }))
        case .getTransactionHistory:
            let id = try RequestProblem.identifier(parameters.transactionId, name: "transactionId", error: .invalidTransactionId)
            var request = try transactionHistory(id, query: parameters.query)
            request.version = parameters.version == 1 ? 1 : 0
            return PreparedCommand(.getTransactionHistory(request))
        case .getRefundHistory:
            let id = try RequestProblem.identifier(parameters.transactionId, name: "transactionId", error: .invalidTransactionId)
            let revision = try HistoryQuery(parameters.query).single("revision", error: .invalidRequestRevision) ?? ""
            return PreparedCommand(.getRefundHistory(.with {
                $0.transactionID = id
                $0.revision = revision
            }))
        case .getNotificationHistory:
            let request = try NotificationHistoryRequest(validating: body)
            let token = try HistoryQuery(parameters.query).single("paginationToken", error: .invalidPaginationToken) ?? ""
            return PreparedCommand(.getNotificationHistory(try notificationHistory(request, paginationToken: token)))
        case .requestTestNotification:
            return PreparedCommand(.requestTestNotification(.init()))
        case .getTestNotificationStatus:
            let token = try RequestProblem.identifier(
                parameters.transactionId, name: "testNotificationToken", error: .invalidTestNotificationToken)
            return PreparedCommand(.getTestNotificationStatus(.with { $0.testNotificationToken = token }))
        default:
            throw RequestProblem.invalid("route", "\(route.methodName) is not a history endpoint")
        }
    }

    private static func transactionHistory(
        _ transactionID: String, query: [String: [String]]
    ) throws(ValidationError) -> Subscriptions_V1_GetTransactionHistoryRequest {
        let query = HistoryQuery(query)
        var request = Subscriptions_V1_GetTransactionHistoryRequest()
        request.transactionID = transactionID
        request.revision = try query.single("revision", error: .invalidRequestRevision) ?? ""
        if let start = try query.milliseconds("startDate", error: .invalidStartDate) { request.startDate = start }
        if let end = try query.milliseconds("endDate", error: .invalidEndDate) { request.endDate = end }
        request.productIds = query.all("productId")
        request.productTypes = try query.all("productType").map { text throws(ValidationError) in
            switch text {
            case "AUTO_RENEWABLE": .autoRenewableSubscription
            case "NON_RENEWABLE": .nonRenewingSubscription
            case "CONSUMABLE": .consumable
            case "NON_CONSUMABLE": .nonConsumable
            default:
                throw RequestProblem.invalid(
                    "productType", "must be AUTO_RENEWABLE, NON_RENEWABLE, CONSUMABLE or NON_CONSUMABLE, got \"\(text.prefix(40))\"",
                    error: .invalidProductType)
            }
        }
        switch try query.single("sort", error: .invalidSort) {
        case nil, "ASCENDING": request.sort = .ascending
        case "DESCENDING": request.sort = .descending
        case let other?:
            throw RequestProblem.invalid("sort", "must be ASCENDING or DESCENDING, got \"\(other.prefix(40))\"", error: .invalidSort)
        }
        request.subscriptionGroupIdentifiers = query.all("subscriptionGroupIdentifier")
        switch try query.single("inAppOwnershipType", error: .invalidInAppOwnershipType) {
        case nil: break
        case "PURCHASED": request.inAppOwnershipType = .purchased
        case "FAMILY_SHARED": request.inAppOwnershipType = .familyShared
        case let other?:
            throw RequestProblem.invalid(
                "inAppOwnershipType", "must be PURCHASED or FAMILY_SHARED, got \"\(other.prefix(40))\"",
                error: .invalidInAppOwnershipType)
        }
        if let revoked = try query.single("revoked", error: .invalidRevoked) {
            // Apple's Python client sends Python's `str(bool)`: "True" / "False".
            switch revoked.lowercased() {
            case "true": request.revoked = Google_Protobuf_BoolValue(true)
            case "false": request.revoked = Google_Protobuf_BoolValue(false)
            default:
                throw RequestProblem.invalid("revoked", "must be true or false, got \"\(revoked.prefix(20))\"", error: .invalidRevoked)
            }
        }
        return request
    }

    private static func notificationHistory(
        _ request: NotificationHistoryRequest, paginationToken: String
    ) throws(ValidationError) -> Subscriptions_V1_GetNotificationHistoryRequest {
        var command = Subscriptions_V1_GetNotificationHistoryRequest()
        command.startDate = Google_Protobuf_Timestamp(milliseconds: request.startDate)
        command.endDate = Google_Protobuf_Timestamp(milliseconds: request.endDate)
        if let type = request.notificationType {
            guard let value = Subscriptions_V1_NotificationType.allCases.first(where: { $0.routingSegment == type && $0.rawValue < 1000 })
            else {
                throw RequestProblem.invalid("notificationType", "'\(type)' is not a notification type", error: .invalidNotificationType)
            }
            command.notificationType = value
        }
        if let subtype = request.notificationSubtype {
            guard let value = Subscriptions_V1_Subtype.allCases.first(where: { $0.routingSegment == subtype && $0.rawValue < 1000 }) else {
                throw RequestProblem.invalid(
                    "notificationSubtype", "'\(subtype)' is not a notification subtype", error: .invalidNotificationType)
            }
            command.notificationSubtype = value
        }
        command.transactionID = request.transactionId ?? ""
        command.onlyFailures = request.onlyFailures ?? false
        command.paginationToken = paginationToken
        return command
    }
}

/// Query parameters of a GET request, by name (a name may repeat).
struct HistoryQuery {
    let values: [String: [String]]

    init(_ values: [String: [String]]) { self.values = values }

    /// Every value of `name`.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// The one value of `name`; nil when absent; an error when given twice or empty.
    func single(_ name: String, error: APIError) throws(ValidationError) -> String? {
        guard let list = values[name] else { return nil }
        guard list.count == 1, let value = list.first, !value.isEmpty else {
            throw RequestProblem.invalid(name, "give one non-empty value", error: error)
        }
        return value
    }

    /// A timestamp given in milliseconds since 1970.
    func milliseconds(_ name: String, error: APIError) throws(ValidationError) -> Google_Protobuf_Timestamp? {
        guard let text = try single(name, error: error) else { return nil }
        guard let milliseconds = Int64(text), milliseconds >= 0 else {
            throw RequestProblem.invalid(name, "must be milliseconds since 1970, got \"\(text.prefix(40))\"", error: error)
        }
        return Google_Protobuf_Timestamp(milliseconds: milliseconds)
    }
}

extension Google_Protobuf_Timestamp {
    /// The instant `milliseconds` after 1970.
    init(milliseconds: Int64) {
        self.init(seconds: milliseconds / 1000, nanos: Int32(milliseconds % 1000) * 1_000_000)
    }
}
