import AppleErrorCatalog

/// The body of `POST /inApps/v1/notifications/history` (Get Notification History): a time
/// window (required) and at most one filter, `notificationType` (with an optional
/// `notificationSubtype`) or `transactionId`.
public struct NotificationHistoryRequest: ValidatedRequest, Hashable {
    /// Notifications signed at or after, milliseconds since 1970.
    public var startDate: Int64
    /// Notifications signed before, milliseconds since 1970.
    public var endDate: Int64
    /// Apple's `notificationType`, e.g. `SUBSCRIBED`.
    public var notificationType: String?
    /// Apple's `subtype`, e.g. `INITIAL_BUY`.
    public var notificationSubtype: String?
    /// Any transaction id of a customer: only that customer's notifications.
    public var transactionId: String?
    /// Only notifications no URL acknowledged.
    public var onlyFailures: Bool?

    public static var errorFamily: APIError.Origin { .appStoreServerAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        startDate: Int64, endDate: Int64, notificationType: String? = nil, notificationSubtype: String? = nil,
        transactionId: String? = nil, onlyFailures: Bool? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.notificationType = notificationType
        self.notificationSubtype = notificationSubtype
        self.transactionId = transactionId
        self.onlyFailures = onlyFailures
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case startDate, endDate, notificationType, notificationSubtype, transactionId, onlyFailures
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let start = fields.check(fields.required(.startDate, as: Int64.self, error: .invalidStartDate), .startDate, error: .invalidStartDate) {
            $0 < 0 ? "must be milliseconds since 1970, got \($0)" : nil
        }
        let end = fields.check(fields.required(.endDate, as: Int64.self, error: .invalidEndDate), .endDate, error: .invalidEndDate) {
            $0 < 0 ? "must be milliseconds since 1970, got \($0)" : nil
        }
        let type = fields.check(fields.optional(.notificationType, as: String.self, error: .invalidNotificationType), .notificationType,
            error: .invalidNotificationType) { Self.isUpperSnakeCase($0) ? nil : "must be a notification type like SUBSCRIBED, got \"\($0.prefix(40))\"" }
        let subtype = fields.check(
            fields.optional(.notificationSubtype, as: String.self, error: .invalidNotificationType), .notificationSubtype,
            error: .invalidNotificationType) { Self.isUpperSnakeCase($0) ? nil : "must be a subtype like INITIAL_BUY, got \"\($0.prefix(40))\"" }
        let transaction = fields.check(
            fields.optional(.transactionId, as: String.self, error: .invalidTransactionId), .transactionId, error: .invalidTransactionId
        ) { (1...128).contains($0.count) ? nil : "must be 1…128 characters" }
        let failures = fields.optional(.onlyFailures, as: Bool.self)
        if let start, let end, end <= start {
            fields.record(.endDate, "must be after startDate", error: .startDateAfterEndDate)
        }
        if type != nil || subtype != nil, transaction != nil {
            fields.record(.transactionId, "give notificationType or transactionId, not both", error: .multipleFiltersSupplied)
        }
        if subtype != nil, type == nil {
            fields.record(.notificationSubtype, "needs notificationType", error: .invalidNotificationType)
        }
        try fields.finish()
        guard let start, let end else { throw fields.inconsistency() }
        self.init(
            startDate: start, endDate: end, notificationType: type, notificationSubtype: subtype, transactionId: transaction,
            onlyFailures: failures)
    }

    private static func isUpperSnakeCase(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy { ($0.isUppercase && $0.isASCII) || $0 == "_" }
    }
}
