/// App Store Server API errors of Send Consumption Information and Set App Account Token (Apple's
/// names and numbers, as in Apple's `APIError` enum of app-store-server-library 3.1.2), and ours
/// for the refund flow's states Apple gives no code for (docs/refunds.md).
extension AppleError {
    private static func apple(_ code: Int64, _ name: String, _ message: String) -> AppleError {
        AppleError(errorCode: code, name: name, message: message, origin: .appStoreServerAPI)
    }

    private static func service(_ code: Int64, _ name: String, _ message: String) -> AppleError {
        AppleError(errorCode: code, name: name, message: message, origin: .service)
    }

    /// 400: `customerConsented` is missing, not a boolean, or false.
    public static let invalidCustomerConsented = apple(
        4_000_035, "InvalidCustomerConsentedError",
        "Invalid request. The customer consented field is invalid or doesn't indicate that the customer consented.")
    /// 400: `deliveryStatus` is missing or not one of Apple's values.
    public static let invalidDeliveryStatus = apple(
        4_000_036, "InvalidDeliveryStatusError", "Invalid request. The delivery status field is invalid.")
    /// 400: `sampleContentProvided` is missing or not a boolean.
    public static let invalidSampleContentProvided = apple(
        4_000_041, "InvalidSampleContentProvidedError", "Invalid request. The sample content provided field is invalid.")
    /// 400: `appAccountToken` is not a UUID.
    public static let invalidAppAccountTokenUUID = apple(
        4_000_183, "InvalidAppAccountTokenUUIDError",
        "Invalid request. The app account token field must be a valid UUID.")
    /// 400: the transaction is a family member's (family-shared) one.
    public static let familyTransactionNotSupported = apple(
        4_000_185, "FamilyTransactionNotSupportedError", "Invalid request. Family Sharing transactions aren't supported.")
    /// 400: the transaction id is one of the subscription's, but not its original one.
    public static let transactionIdIsNotOriginalTransactionId = apple(
        4_000_187, "TransactionIdIsNotOriginalTransactionIdError",
        "The transaction ID provided is not an original transaction ID.")

    /// 403 (Advanced Commerce's TransactionNotRefundable): the transaction cannot be refunded;
    /// here, a refund request names a transaction that is no longer the subscription's latest.
    public static let transactionNotRefundable = AppleError(
        errorCode: 4_030_024, name: "TransactionNotRefundable", message: "The transaction cannot be refunded.",
        origin: .advancedCommerceAPI)

    /// Ours (404): no customer refund request is pending for the transaction.
    public static let refundRequestNotFound = service(
        4_049_142, "RefundRequestNotFoundError", "No refund request is pending for this transaction.")
    /// Ours (409): a refund request for the transaction is already pending a decision.
    public static let refundRequestPending = service(
        4_099_005, "RefundRequestPendingError", "A refund request for this transaction is already pending a decision.")
    /// Ours (409): a reversal names a transaction that carries no refund.
    public static let refundNotReversible = service(
        4_099_006, "RefundNotReversibleError", "The transaction carries no refund to reverse.")

    /// The errors of the refund flow and Set App Account Token.
    public static let refundErrors: [AppleError] = [
        invalidCustomerConsented, invalidDeliveryStatus, invalidSampleContentProvided, invalidAppAccountTokenUUID,
        familyTransactionNotSupported, transactionIdIsNotOriginalTransactionId, transactionNotRefundable, refundRequestNotFound,
        refundRequestPending, refundNotReversible,
    ]
}
