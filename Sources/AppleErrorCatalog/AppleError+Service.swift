/// This service's own codes, for problems Apple defines no code for. Their fourth digit is `9`
/// (`4009xxx` for HTTP 400, `5039xxx` for 503, …), which Apple's codes do not use there.
extension AppleError {
    private static func service(_ code: Int64, _ name: String, _ message: String) -> AppleError {
        AppleError(errorCode: code, name: name, message: message, origin: .service)
    }

    // MARK: Request validation (400)

    /// The body is not valid JSON (RFC 8259), or holds a duplicate key.
    public static let malformedJSON = service(4_009_000, "MalformedJSONError", "The body is not valid JSON.")
    /// The body holds a key the request does not define at that place.
    public static let unknownField = service(4_009_001, "UnknownFieldError", "The body holds an unknown field.")
    /// A required field is missing or null.
    public static let missingField = service(4_009_002, "MissingFieldError", "A required field is missing.")
    /// A field holds a value of the wrong JSON type.
    public static let wrongType = service(4_009_003, "WrongTypeError", "A field has the wrong type.")
    /// A field's value is out of range or badly formatted.
    public static let invalidValue = service(4_009_004, "InvalidValueError", "A field has an invalid value.")
    /// An amount, date or duration is beyond what the service computes with (a price above what any
    /// storefront charges, a date after 9999-12-31, a sum that would overflow): refused, not computed.
    public static let valueOutOfRange = service(
        4_009_005, "ValueOutOfRangeError", "A value is beyond what the service computes with; nothing changed.")
    /// A preview asks for more than the service simulates in one request: `previewUntil` beyond the
    /// horizon, or more events than the cap (docs/previews.md).
    public static let tooManyEvents = service(
        4_009_006, "TooManyEventsError", "The request would fire more events than one request may; ask for a shorter span.")

    // MARK: Routing (404, 405)

    /// No route has this path (the API's paths are in `GET /openapi.yaml`).
    public static let routeNotFound = service(4_049_000, "RouteNotFoundError", "No route has this path.")
    /// The path exists, the method does not; the `Allow` header lists the methods it has.
    public static let methodNotAllowed = service(
        4_059_000, "MethodNotAllowedError", "The path does not take this method; see the Allow header.")

    // MARK: The console's reads (404)

    /// Get Subscription History by customer: the customer has no subscription.
    public static let customerNotFound = service(4_049_140, "CustomerNotFoundError", "The customer has no subscription.")
    /// A dead-letter replay names a command that is not in the dead-letter queue.
    public static let deadLetterNotFound = service(
        4_049_141, "DeadLetterNotFoundError", "No dead-lettered command has this id.")

    // MARK: Price changes refused by the subscription's state (403)
    //
    // Apple answers all of these with `SubscriptionNotEligible` (4030010); ours say which rule
    // refused the change (apple-domain.md §3.7: not with auto-renew off, not in grace period or
    // billing retry, not while the SKU is in an offer period).

    /// A price change while auto-renew is off: the subscription will not renew at any price.
    public static let priceChangeAutoRenewOff = service(
        4_039_001, "PriceChangeAutoRenewOffError",
        "Auto-renew is off: the subscription will not renew, so a new price could never apply.")
    /// A price change in the billing grace period.
    public static let priceChangeInGracePeriod = service(
        4_039_002, "PriceChangeInGracePeriodError",
        "The subscription is in its billing grace period: its last renewal charge failed.")
    /// A price change in billing retry.
    public static let priceChangeInBillingRetry = service(
        4_039_003, "PriceChangeInBillingRetryError",
        "The subscription is in billing retry: its last renewal charge failed and service has stopped.")
    /// A price change of a SKU that is in an introductory or promotional offer period.
    public static let priceChangeInOfferPeriod = service(
        4_039_004, "PriceChangeInOfferPeriodError",
        "The item is in an offer period: change its price once the offer has ended.")

    // MARK: The test clock (409)

    /// `advanceTo` names an instant the test clock has already passed; it only moves forward.
    public static let testClockAlreadyPast = service(
        4_099_001, "TestClockAlreadyPastError", "The test clock is already past that instant; it only moves forward.")
    /// The advance would move the test clock past 9999-12-31, the last instant a timestamp holds.
    public static let testClockOutOfRange = service(
        4_099_002, "TestClockOutOfRangeError", "The test clock cannot move past 9999-12-31T23:59:59.999Z.")

    // MARK: Test clocks as objects (404, 409; docs/test-clocks.md)

    /// No test clock has this id (never created, or deleted with everything on it).
    public static let testClockNotFound = service(4_049_001, "TestClockNotFoundError", "No test clock has this id.")
    /// The command names a test clock, but its subscription or customer lives on another clock.
    public static let testClockMismatch = service(
        4_099_003, "TestClockMismatchError",
        "The subscription or customer lives on another clock; a customer stays on the clock it was attached to.")

    // MARK: Idempotency keys bound to their body (409; docs/consumer.md)

    /// The idempotency key was already used for a request with another body.
    public static let idempotencyKeyReused = service(
        4_099_004, "IdempotencyKeyReusedError", "The idempotency key was already used for another request; use a new key.")

    // MARK: The catalog (422)

    /// The consumer's configured catalog file cannot be read.
    public static let catalogUnreadable = service(
        4_229_001, "CatalogUnreadableError", "The configured catalog file cannot be read; nothing changed.")
    /// The consumer's configured catalog file is not a valid catalog.
    public static let invalidCatalog = service(
        4_229_002, "InvalidCatalogError", "The configured catalog file is not a valid catalog; nothing changed.")

    // MARK: No reply (503, 504)

    /// The broker is down or refused the command.
    public static let serviceUnavailable = service(
        5_039_000, "ServiceUnavailableError", "The message broker is not reachable; nothing was done.")
    /// No reply arrived before the request's deadline.
    public static let replyDeadlineExceeded = service(
        5_049_000, "ReplyDeadlineExceededError", "No reply arrived before the request's deadline.")

    /// The service part of ``all``.
    public static let serviceErrors: [AppleError] = [
        malformedJSON, unknownField, missingField, wrongType, invalidValue, valueOutOfRange, tooManyEvents, routeNotFound, methodNotAllowed,
        customerNotFound, deadLetterNotFound, priceChangeAutoRenewOff, priceChangeInGracePeriod, priceChangeInBillingRetry,
        priceChangeInOfferPeriod, testClockAlreadyPast, testClockOutOfRange, testClockNotFound, testClockMismatch,
        idempotencyKeyReused, catalogUnreadable,
        invalidCatalog, serviceUnavailable, replyDeadlineExceeded,
    ]

    /// The code of a refusal that has no entry in the catalog: `<HTTP status>9999`
    /// (e.g. 4049999), so its first three digits still give the status.
    public static func fallbackCode(httpStatus: Int) -> Int64 { Int64(httpStatus) * 10_000 + 9_999 }
}
