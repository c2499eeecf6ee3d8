/// App Store Server API errors of the history and notification endpoints (Apple's names and
/// numbers, as in Apple's `APIError` enum of app-store-server-library).
extension AppleError {
    private static func apple(_ code: Int64, _ name: String, _ message: String) -> AppleError {
        AppleError(errorCode: code, name: name, message: message, origin: .appStoreServerAPI)
    }

    /// 400: the `revision` token is not one this service gave out.
    public static let invalidRequestRevision = apple(4_000_005, "InvalidRequestRevisionError", "Invalid request revision.")
    /// 400: the transaction id is malformed.
    public static let invalidTransactionId = apple(4_000_006, "InvalidTransactionIdError", "Invalid transaction id.")
    /// 400: `startDate` is after `endDate`.
    public static let startDateAfterEndDate = apple(
        4_000_013, "StartDateAfterEndDateError", "Invalid request. The end date precedes the start date or the dates are the same.")
    /// 400: the `paginationToken` is not one this service gave out.
    public static let invalidPaginationToken = apple(4_000_014, "InvalidPaginationTokenError", "Invalid pagination token.")
    /// 400: `startDate` is missing or malformed.
    public static let invalidStartDate = apple(4_000_015, "InvalidStartDateError", "Invalid start date.")
    /// 400: `endDate` is missing or malformed.
    public static let invalidEndDate = apple(4_000_016, "InvalidEndDateError", "Invalid end date.")
    /// 400: `notificationType` is unknown.
    public static let invalidNotificationType = apple(4_000_018, "InvalidNotificationTypeError", "Invalid notification type.")
    /// 400: more than one of `notificationType`/`notificationSubtype` and `transactionId`.
    public static let multipleFiltersSupplied = apple(
        4_000_019, "MultipleFiltersSuppliedError", "Invalid request. Only one filter may be supplied.")
    /// 400: the test notification token is malformed.
    public static let invalidTestNotificationToken = apple(
        4_000_020, "InvalidTestNotificationTokenError", "Invalid test notification token.")
    /// 400: `sort` is not ASCENDING or DESCENDING.
    public static let invalidSort = apple(4_000_021, "InvalidSortError", "Invalid sort parameter.")
    /// 400: a `productType` is unknown.
    public static let invalidProductType = apple(4_000_022, "InvalidProductTypeError", "Invalid product type parameter.")
    /// 400: a `subscriptionGroupIdentifier` is malformed.
    public static let invalidSubscriptionGroupIdentifier = apple(
        4_000_024, "InvalidSubscriptionGroupIdentifierError", "Invalid subscription group identifier.")
    /// 400: `inAppOwnershipType` is unknown.
    public static let invalidInAppOwnershipType = apple(
        4_000_026, "InvalidInAppOwnershipTypeError", "Invalid in-app ownership type parameter.")
    /// 400: `revoked` is not true or false.
    public static let invalidRevoked = apple(4_000_030, "InvalidRevokedError", "Invalid request. The revoked parameter is invalid.")
    /// 404: no notification URL is configured.
    public static let serverNotificationURLNotFound = apple(
        4_040_007, "ServerNotificationUrlNotFoundError",
        "An error that indicates that the App Store server couldn't find a notifications URL for your app in this environment.")
    /// 404: no test notification with that token.
    public static let testNotificationNotFound = apple(
        4_040_008, "TestNotificationNotFoundError", "An error that indicates that the test notification doesn't exist.")

    /// The errors of the history and notification endpoints.
    public static let historyErrors: [AppleError] = [
        invalidRequestRevision, invalidTransactionId, startDateAfterEndDate, invalidPaginationToken,
        invalidStartDate, invalidEndDate, invalidNotificationType, multipleFiltersSupplied, invalidTestNotificationToken,
        invalidSort, invalidProductType, invalidSubscriptionGroupIdentifier, invalidInAppOwnershipType, invalidRevoked,
        serverNotificationURLNotFound, testNotificationNotFound,
    ]
}
