/// App Store Server API errors (apple-domain.md §2.4). Names and numbers are Apple's; messages are
/// paraphrased except where quoted.
extension AppleError {
    private static func apple(_ code: Int64, _ name: String, _ message: String) -> AppleError {
        AppleError(errorCode: code, name: name, message: message, origin: .appStoreServerAPI)
    }

    /// 400: the original transaction identifier is invalid.
    public static let invalidOriginalTransactionId = apple(
        4_000_008, "InvalidOriginalTransactionIdError", "Invalid original transaction id.")
    /// 400: `extendByDays` is not 1…90.
    public static let invalidExtendByDays = apple(
        4_000_009, "InvalidExtendByDaysError", "Invalid extend by days value.")
    /// 400: `extendReasonCode` is not 0…3.
    public static let invalidExtendReasonCode = apple(
        4_000_010, "InvalidExtendReasonCodeError", "Invalid extend reason code.")
    /// 400: `requestIdentifier` is missing or malformed.
    public static let invalidRequestIdentifier = apple(
        4_000_011, "InvalidRequestIdentifierError", "Invalid request identifier.")
    /// 400: `productId` is missing or invalid.
    public static let invalidProductId = apple(
        4_000_023, "InvalidProductIdError", "Invalid product id.")
    /// 400: `storefrontCountryCodes` is present but empty.
    public static let invalidEmptyStorefrontCountryCodeList = apple(
        4_000_027, "InvalidEmptyStorefrontCountryCodeListError",
        "Invalid request. If provided, the list of storefront country codes must not be empty.")
    /// 400: a storefront country code is not ISO 3166-1 alpha-3. The Advanced Commerce API answers
    /// the same number as `InvalidStorefront` (see ``invalidStorefront``).
    public static let invalidStorefrontCountryCode = apple(
        4_000_028, "InvalidStorefrontCountryCodeError", "Invalid storefront country code.")
    /// 400: a `status` query parameter is not a subscription status (1…5).
    public static let invalidStatus = apple(4_000_031, "InvalidStatusError", "Invalid status value.")
    /// 403: the subscription is not eligible for an extension.
    public static let subscriptionExtensionIneligible = apple(
        4_030_004, "SubscriptionExtensionIneligibleError",
        "Forbidden - subscription state ineligible for extension.")
    /// 403: the subscription already had the maximum number of extensions.
    public static let subscriptionMaxExtension = apple(
        4_030_005, "SubscriptionMaxExtensionError",
        "Forbidden - subscription has reached maximum extension count.")
    /// 403: a family member's subscription cannot be extended directly.
    public static let familySharedSubscriptionExtensionIneligible = apple(
        4_030_007, "FamilySharedSubscriptionExtensionIneligibleError",
        "Subscriptions that users obtain through Family Sharing can't get a renewal date extension directly.")
    /// 404: no transaction with that original transaction identifier.
    public static let originalTransactionIdNotFound = apple(
        4_040_005, "OriginalTransactionIdNotFoundError", "Original transaction id not found.")
    /// 404: original transaction identifier not found; retry later.
    public static let originalTransactionIdNotFoundRetryable = apple(
        4_040_006, "OriginalTransactionIdNotFoundRetryableError",
        "Original transaction id not found. Try again.")
    /// 404: no mass-extension request with that product and request identifier.
    public static let statusRequestNotFound = apple(
        4_040_009, "StatusRequestNotFoundError",
        "The server didn't find a subscription-renewal-date extension request for this requestIdentifier and productId combination.")
    /// 429: too many requests.
    public static let rateLimitExceeded = apple(
        4_290_000, "RateLimitExceededError", "Rate limit exceeded.")
    /// 500: internal error.
    public static let generalInternal = apple(
        5_000_000, "GeneralInternalError", "An unknown error occurred.")
    /// 500: internal error; retry.
    public static let generalInternalRetryable = apple(
        5_000_001, "GeneralInternalRetryableError", "An unknown error occurred. Please try again.")

    /// The App Store Server API part of ``all``.
    public static let appStoreServerAPIErrors: [AppleError] = [
        invalidOriginalTransactionId, invalidExtendByDays, invalidExtendReasonCode, invalidRequestIdentifier,
        invalidProductId, invalidEmptyStorefrontCountryCodeList, invalidStorefrontCountryCode, invalidStatus,
        subscriptionExtensionIneligible, subscriptionMaxExtension, familySharedSubscriptionExtensionIneligible,
        originalTransactionIdNotFound, originalTransactionIdNotFoundRetryable, statusRequestNotFound,
        rateLimitExceeded, generalInternal, generalInternalRetryable,
    ]
}
