/// Errors of the Retention Messaging API, Get App Transaction Info and Send Consumption
/// Information V1 (Apple's names and numbers, as in Apple's `APIError` enum of
/// app-store-server-library 3.1.2; docs/retention-messaging.md).
extension AppleError {
    private static func apple(_ code: Int64, _ name: String, _ message: String) -> AppleError {
        AppleError(errorCode: code, name: name, message: message, origin: .appStoreServerAPI)
    }

    /// 400: `accountTenure` is not 0…7.
    public static let invalidAccountTenure = apple(4_000_032, "InvalidAccountTenureError", "Invalid account tenure.")
    /// 400: `consumptionStatus` is not 0…3.
    public static let invalidConsumptionStatus = apple(4_000_034, "InvalidConsumptionStatusError", "Invalid consumption status.")
    /// 400: `lifetimeDollarsPurchased` is not 0…7.
    public static let invalidLifetimeDollarsPurchased = apple(
        4_000_037, "InvalidLifetimeDollarsPurchasedError", "Invalid lifetime dollars purchased.")
    /// 400: `lifetimeDollarsRefunded` is not 0…7.
    public static let invalidLifetimeDollarsRefunded = apple(
        4_000_038, "InvalidLifetimeDollarsRefundedError", "Invalid lifetime dollars refunded.")
    /// 400: `platform` is not 0…2.
    public static let invalidPlatform = apple(4_000_039, "InvalidPlatformError", "Invalid platform.")
    /// 400: `playTime` is not 0…7.
    public static let invalidPlayTime = apple(4_000_040, "InvalidPlayTimeError", "Invalid play time.")
    /// 400: `userStatus` is not 0…4.
    public static let invalidUserStatus = apple(4_000_042, "InvalidUserStatusError", "Invalid user status.")
    /// 400: the endpoint does not take an app transaction id.
    public static let appTransactionIdNotSupported = apple(
        4_000_048, "AppTransactionIdNotSupportedError", "Invalid request. App transactionId not supported by this endpoint.")
    /// 400: the uploaded image is not a PNG of the size asked for.
    public static let invalidImage = apple(4_000_161, "InvalidImageError", "The image is invalid.")
    /// 400: `header` is longer than 66 characters.
    public static let headerTooLong = apple(4_000_162, "HeaderTooLongError", "The header text is too long.")
    /// 400: `body` is longer than 144 characters.
    public static let bodyTooLong = apple(4_000_163, "BodyTooLongError", "The body text is too long.")
    /// 400: the locale is not a language tag such as en-US.
    public static let invalidLocale = apple(4_000_164, "InvalidLocaleError", "The locale is invalid.")
    /// 400: an image's `altText` is longer than 150 characters.
    public static let altTextTooLong = apple(4_000_175, "AltTextTooLongError", "The alternative text is too long.")
    /// 400: the performance test request is invalid.
    public static let invalidPerformanceTestRequest = apple(
        4_000_211, "InvalidPerformanceTestRequestError", "The performance test request is invalid.")
    /// 400: the performance test's request id is invalid.
    public static let invalidRequestId = apple(4_000_212, "InvalidRequestIdError", "The request ID is invalid.")
    /// 400: a performance test is already running.
    public static let existingPerformanceTestRun = apple(
        4_000_213, "ExistingPerformanceTestRunError", "A performance test is already running.")
    /// 400: `realtimeURL` is not an http(s) URL of at most 256 characters.
    public static let badRequestRealtimeURL = apple(4_000_215, "BadRequestRealtimeUrlError", "The URL is invalid.")
    /// 400: `imageSize` is not FULL_SIZE or BULLET_POINT.
    public static let badRequestImageSize = apple(4_000_216, "BadRequestImageSizeError", "The image size is invalid.")
    /// 400: more than 5 bullet points.
    public static let badRequestTooManyBulletPoints = apple(
        4_000_218, "BadRequestTooManyBulletPointsError", "There are too many bullet points.")
    /// 400: a bullet point's text is longer than 66 characters.
    public static let badRequestBulletPointTextTooLong = apple(
        4_000_219, "BadRequestBulletPointTextTooLongError", "The bullet point text is too long.")
    /// 400: `headerPosition` ABOVE_IMAGE without an image.
    public static let badRequestAboveImageRequiresAnImage = apple(
        4_000_224, "BadRequestAboveImageRequiresAnImageError", "ABOVE_IMAGE needs an image.")
    /// 403: the app has as many images as it may upload.
    public static let maximumNumberOfImagesReached = apple(
        4_030_014, "MaximumNumberOfImagesReachedError", "The maximum number of images was reached.")
    /// 403: the app has as many messages as it may upload.
    public static let maximumNumberOfMessagesReached = apple(
        4_030_016, "MaximumNumberOfMessagesReachedError", "The maximum number of messages was reached.")
    /// 403: the message is not APPROVED, so it cannot be a default message.
    public static let messageNotApproved = apple(4_030_017, "MessageNotApprovedError", "The message isn't approved.")
    /// 403: the message's image is not APPROVED.
    public static let imageNotApproved = apple(4_030_018, "ImageNotApprovedError", "The image isn't approved.")
    /// 403: a message uses the image, so it cannot be deleted.
    public static let imageInUse = apple(4_030_019, "ImageInUseError", "The image is in use.")
    /// 403: a production URL needs a passed performance test first.
    public static let forbiddenNoPassingTest = apple(
        4_030_026, "ForbiddenNoPassingTestError", "A passing performance test is required before configuring the production URL.")
    /// 404: no image with that identifier.
    public static let imageNotFound = apple(4_040_014, "ImageNotFoundError", "The image identifier wasn't found.")
    /// 404: no message with that identifier.
    public static let messageNotFound = apple(4_040_015, "MessageNotFoundError", "The message identifier wasn't found.")
    /// 404: no performance test with that request id.
    public static let performanceTestRunNotFound = apple(
        4_040_018, "PerformanceTestRunNotFoundError", "The performance test run wasn't found.")
    /// 404: the customer has no app transaction.
    public static let appTransactionDoesNotExist = apple(
        4_040_019, "AppTransactionDoesNotExistError", "No app transaction exists for the customer.")
    /// 404: no default message for the product and locale.
    public static let defaultMessageNotFound = apple(
        4_040_020, "DefaultMessageNotFoundError", "A default message isn't configured.")
    /// 404: no Get Retention Message URL is configured.
    public static let realtimeURLNotFound = apple(
        4_040_021, "RealtimeUrlNotFoundError", "The URL for your endpoint isn't configured.")
    /// 409: an image with that identifier exists.
    public static let imageAlreadyExists = apple(4_090_000, "ImageAlreadyExistsError", "The image identifier already exists.")
    /// 409: a message with that identifier exists.
    public static let messageAlreadyExists = apple(
        4_090_001, "MessageAlreadyExistsError", "The message identifier already exists.")

    /// The errors of this family, for ``AppleError/all``.
    public static let retentionMessagingErrors: [AppleError] = [
        invalidAccountTenure, invalidConsumptionStatus, invalidLifetimeDollarsPurchased, invalidLifetimeDollarsRefunded,
        invalidPlatform, invalidPlayTime, invalidUserStatus, appTransactionIdNotSupported, invalidImage, headerTooLong,
        bodyTooLong, invalidLocale, altTextTooLong, invalidPerformanceTestRequest, invalidRequestId, existingPerformanceTestRun,
        badRequestRealtimeURL, badRequestImageSize, badRequestTooManyBulletPoints, badRequestBulletPointTextTooLong,
        badRequestAboveImageRequiresAnImage, maximumNumberOfImagesReached, maximumNumberOfMessagesReached, messageNotApproved,
        imageNotApproved, imageInUse, forbiddenNoPassingTest, imageNotFound, messageNotFound, performanceTestRunNotFound,
        appTransactionDoesNotExist, defaultMessageNotFound, realtimeURLNotFound, imageAlreadyExists, messageAlreadyExists,
    ]
}
