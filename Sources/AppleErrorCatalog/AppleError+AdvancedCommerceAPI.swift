/// Advanced Commerce API errors (apple-domain.md §3.2, §3.5). Names and numbers follow the reference
/// (numbers cross-checked there against a third-party client); messages are paraphrased from each
/// error's description.
extension AppleError {
    private static func commerce(_ code: Int64, _ name: String, _ message: String) -> AppleError {
        AppleError(errorCode: code, name: name, message: message, origin: .advancedCommerceAPI)
    }

    // MARK: Missing required fields (400)

    /// `requestInfo` is missing.
    public static let nullRequestInfo = commerce(4_000_079, "NullRequestInfo", "requestInfo is required.")
    /// `requestInfo.requestReferenceId` is missing.
    public static let nullRequestReferenceId = commerce(
        4_000_080, "NullRequestReferenceID", "requestReferenceId is required.")
    /// `version` is missing.
    public static let nullVersion = commerce(4_000_083, "NullVersion", "version is required.")
    /// `transactionId` is missing.
    public static let nullTransactionId = commerce(4_000_085, "NullTransactionId", "transactionId is required.")
    /// `currency` is missing.
    public static let nullCurrency = commerce(4_000_098, "NullCurrency", "currency is required.")
    /// `taxCode` is missing.
    public static let nullTaxCode = commerce(4_000_099, "NullTaxCode", "taxCode is required.")
    /// `storefront` is missing.
    public static let nullStorefront = commerce(4_000_100, "NullStorefront", "storefront is required.")
    /// `items` is missing.
    public static let nullItems = commerce(4_000_101, "NullItems", "items is required.")
    /// `descriptors` is missing.
    public static let nullDescriptors = commerce(4_000_103, "NullDescriptors", "descriptors is required.")
    /// `period` is missing.
    public static let nullPeriod = commerce(4_000_104, "NullPeriod", "period is required.")
    /// `SKU` is missing.
    public static let nullSKU = commerce(4_000_105, "NullSKU", "SKU is required.")
    /// `displayName` is missing.
    public static let nullDisplayName = commerce(4_000_106, "NullDisplayName", "displayName is required.")
    /// `description` is missing.
    public static let nullDescription = commerce(4_000_107, "NullDescription", "description is required.")
    /// `price` is missing.
    public static let nullPrice = commerce(4_000_109, "NullPrice", "price is required.")
    /// `retainBillingCycle` is missing.
    public static let nullRetainBillingCycle = commerce(
        4_000_110, "NullRetainBillingCycle", "retainBillingCycle is required.")
    /// `effective` is missing.
    public static let nullEffective = commerce(4_000_111, "NullEffective", "effective is required.")
    /// `currentSKU` is missing.
    public static let nullCurrentSKU = commerce(4_000_169, "NullCurrentSKU", "currentSKU is required.")
    /// `offer.period` is missing.
    public static let nullOfferPeriod = commerce(4_000_092, "NullOfferPeriod", "offer period is required.")
    /// `offer.periodCount` is missing.
    public static let nullPeriodCount = commerce(4_000_093, "NullPeriodCount", "offer periodCount is required.")
    /// `reason` is missing.
    public static let nullReason = commerce(4_000_095, "NullReason", "reason is required.")

    // MARK: Format and limits (400)

    /// `appAccountToken` is not a UUID.
    public static let invalidAppAccountToken = commerce(
        4_000_033, "InvalidAppAccountToken", "appAccountToken must be a UUID.")
    /// `currency` is not an ISO 4217 code, or not the subscription's.
    public static let invalidCurrency = commerce(4_000_053, "InvalidCurrency", "Invalid currency.")
    /// `requestReferenceId` is not a UUID.
    public static let invalidRequestReferenceId = commerce(
        4_000_081, "InvalidRequestReferenceID", "requestReferenceId must be a UUID.")
    /// `consistencyToken` is malformed.
    public static let invalidConsistencyToken = commerce(
        4_000_082, "InvalidConsistencyToken", "Invalid consistencyToken.")
    /// `version` is not `"1"`.
    public static let unexpectedVersion = commerce(4_000_084, "UnexpectedVersion", "Unexpected version.")
    /// A price is negative (or, for this service, zero where a charge is required).
    public static let negativePrice = commerce(4_000_086, "NegativePrice", "Price must be positive.")
    /// `SKU` longer than 128 characters.
    public static let skuLengthExceeded = commerce(
        4_000_087, "SKULengthExceeded", "SKU must be at most 128 characters.")
    /// `description` longer than 45 characters.
    public static let descriptionLengthExceeded = commerce(
        4_000_088, "DescriptionLengthExceeded", "description must be at most 45 characters.")
    /// `displayName` longer than 30 characters.
    public static let displayNameLengthExceeded = commerce(
        4_000_089, "DisplayNameLengthExceeded", "displayName must be at most 30 characters.")
    /// `proratedPrice` is negative.
    public static let negativeProratedPrice = commerce(
        4_000_091, "NegativeProratedPrice", "proratedPrice must not be negative.")
    /// The same `requestReferenceId` was used for a different request.
    public static let repeatedRequestReferenceId = commerce(
        4_000_097, "RepeatedRequestReferenceId", "requestReferenceId was already used for another request.")
    /// A modify request changes nothing.
    public static let oneItemNeededInModify = commerce(
        4_000_063, "OneItemNeededInModify", "A modify request must contain at least one change.")
    /// A SKU added by a modify request is already in the subscription.
    public static let productAlreadyExists = commerce(
        4_000_114, "ProductAlreadyExists", "The product is already in the subscription.")
    /// A `displayName` is empty or malformed.
    public static let invalidDisplayName = commerce(4_000_118, "InvalidDisplayName", "Invalid displayName.")
    /// A `description` is empty or malformed.
    public static let invalidDescription = commerce(4_000_119, "InvalidDescription", "Invalid description.")
    /// A `SKU` is empty, malformed or not one of the product's.
    public static let invalidSKU = commerce(4_000_122, "InvalidSKU", "Invalid SKU.")
    /// `reason` of a change item is not UPGRADE, DOWNGRADE or APPLY_OFFER.
    public static let invalidChangeReason = commerce(4_000_125, "InvalidChangeReason", "Invalid change reason.")
    /// `offer.reason` is not ACQUISITION, WIN_BACK or RETENTION.
    public static let invalidOfferReason = commerce(4_000_126, "InvalidOfferReason", "Invalid offer reason.")
    /// `taxCode` is malformed.
    public static let invalidTaxProductCode = commerce(
        4_000_127, "InvalidTaxProductCode", "Invalid tax code.")
    /// `offer.period` is not an allowed offer period.
    public static let invalidOfferPeriod = commerce(4_000_128, "InvalidOfferPeriod", "Invalid offer period.")
    /// `offer.periodCount` is not 1…12.
    public static let invalidOfferPeriodCount = commerce(
        4_000_129, "InvalidOfferPeriodCount", "offer periodCount must be 1...12.")
    /// The product has no price in the storefront.
    public static let missingPricingConfigForStorefront = commerce(
        4_000_134, "MissingPricingConfigForStorefront", "The product has no price in this storefront.")
    /// `addItems` or `changeItems` is present but empty.
    public static let emptyAddChangeItems = commerce(
        4_000_139, "EmptyAddChangeItems", "addItems and changeItems must not be empty when present.")
    /// An immediate period change keeps the billing cycle.
    public static let periodResetWithRetainBillingCycle = commerce(
        4_000_141, "PeriodResetWithRetainBillingCycle", "An immediate period change resets the billing cycle.")
    /// The same SKU appears in more than one operation of a modify request.
    public static let multipleOperationsOnSingleSKU = commerce(
        4_000_143, "MultipleOperationsOnSingleSKU", "A SKU may appear in only one operation.")
    /// A removed SKU is not in the subscription.
    public static let removeItemNotFound = commerce(
        4_000_145, "RemoveItemNotFound", "The item to remove is not in the subscription.")
    /// A changed `currentSKU` is not in the subscription.
    public static let changeItemNotFound = commerce(
        4_000_146, "ChangeItemNotFound", "The item to change is not in the subscription.")
    /// `retainBillingCycle: false` with a change that applies at the next billing cycle.
    public static let billingCycleResetWithEffectiveLater = commerce(
        4_000_148, "BillingCycleResetWithEffectiveLater",
        "A billing-cycle reset cannot take effect at the next billing cycle.")
    /// An offer price is not below the regular price.
    public static let invalidOfferPrice = commerce(
        4_000_152, "InvalidOfferPrice", "The offer price must be below the regular price.")
    /// A modify request removes every item.
    public static let removalAllNotAllowed = commerce(
        4_000_168, "RemovalAllNotAllowed", "A modify request cannot remove every item.")
    /// `operation` is unknown or not the one the endpoint expects.
    public static let invalidOperation = commerce(4_000_172, "InvalidOperation", "Invalid operation.")
    /// The body is not valid JSON or not shaped like the request.
    public static let malformedPayload = commerce(4_000_173, "MalformedPayload", "Malformed payload.")
    /// A dependent SKU has two parents.
    public static let dependentSKUsCannotBeShared = commerce(
        4_000_192, "DependentSKUsCannotBeShared", "A dependent SKU can have only one parent.")
    /// A dependent SKU chain (A → B → C) or a SKU depending on itself.
    public static let dependentSKUsCannotBeChained = commerce(
        4_000_193, "DependentSKUsCannotBeChained", "Dependent SKUs cannot be chained.")
    /// The same SKU appears twice in a price change.
    public static let itemCannotBeSpecifiedMultipleTimes = commerce(
        4_000_194, "ItemCannotBeSpecifiedMultipleTimes", "An item cannot be specified multiple times.")
    /// A second price change of a SKU whose increase was already communicated.
    public static let priceChangeCannotBeIssuedWhenAlreadyCommunicated = commerce(
        4_000_205, "PriceChangeCannotBeIssuedWhenAlreadyCommunicated",
        "A price change cannot be issued once an increase was communicated.")
    /// A price-change SKU that is not an item the subscription renews with.
    public static let invalidSKUProvidedMustBeCurrentSKUSetToRenew = commerce(
        4_000_220, "InvalidSKUProvidedMustBeCurrentSKUSetToRenew",
        "The SKU must be one the subscription currently renews with.")
    /// Price increases are not supported in India.
    public static let acaPriceIncreaseIsNotCurrentlySupportedInIndia = commerce(
        4_000_221, "ACAPriceIncreaseIsNotCurrentlySupportedInIndia",
        "Price increases are not currently supported in India.")
    /// A `proratedPrice` on a change item that applies at the next billing cycle.
    public static let invalidProratedPriceForChangeItemWithEffectiveLater = commerce(
        4_000_222, "InvalidProratedPriceForChangeItemWithEffectiveLater",
        "proratedPrice is not allowed on a change that takes effect at the next billing cycle.")
    /// A free trial offer must have `periodCount` 1.
    public static let freeTrialOfferMustUsePeriodCountOfOne = commerce(
        4_000_223, "FreeTrialOfferMustUsePeriodCountOfOne", "A free trial offer must use periodCount 1.")
    /// `storefront` is not a known alpha-3 storefront: the Advanced Commerce API's name
    /// (`InvalidStorefront`) for the code the App Store Server API calls
    /// ``invalidStorefrontCountryCode``; one code, one entry.
    public static var invalidStorefront: AppleError { invalidStorefrontCountryCode }

    // MARK: State (403) and not found (404)

    /// The subscription does not exist.
    public static let subscriptionDoesNotExist = commerce(
        4_030_008, "SubscriptionDoesNotExist", "The subscription does not exist.")
    /// The customer already has a subscription in the group.
    public static let subscriptionAlreadyExists = commerce(
        4_030_009, "SubscriptionAlreadyExists", "The customer already has a subscription in this group.")
    /// The subscription is not eligible for this operation.
    public static let subscriptionNotEligible = commerce(
        4_030_010, "SubscriptionNotEligible", "The subscription is not eligible for this operation.")
    /// The subscription is already active.
    public static let subscriptionAlreadyActive = commerce(
        4_030_011, "SubscriptionAlreadyActive", "The subscription is already active.")
    /// The SKU is not part of the subscription.
    public static let productNotOwned = commerce(4_030_013, "ProductNotOwned", "The product is not owned.")
    /// The subscription is not an active Advanced Commerce subscription.
    public static let inactiveACASub = commerce(
        4_030_015, "InactiveACASub", "The subscription is not an active Advanced Commerce subscription.")
    /// The transaction was already refunded.
    public static let alreadyRefunded = commerce(4_030_021, "AlreadyRefunded", "The transaction was already refunded.")
    /// A migration after a price increase was communicated.
    public static let migrationNotAllowedWhenPriceIncreaseCommunicated = commerce(
        4_030_027, "MigrationNotAllowedWhenPriceIncreaseCommunicated",
        "The subscription cannot migrate once a price increase was communicated.")
    /// No transaction with that identifier.
    public static let transactionIdNotFound = commerce(
        4_040_010, "TransactionIdNotFound", "Transaction id not found.")
    /// No product with that identifier.
    public static let productNotFound = commerce(4_040_016, "ProductNotFound", "Product not found.")

    /// The Advanced Commerce API part of ``all``.
    public static let advancedCommerceAPIErrors: [AppleError] = [
        nullRequestInfo, nullRequestReferenceId, nullVersion, nullTransactionId, nullCurrency, nullTaxCode,
        nullStorefront, nullItems, nullDescriptors, nullPeriod, nullSKU, nullDisplayName, nullDescription, nullPrice,
        nullRetainBillingCycle, nullEffective, nullCurrentSKU, nullOfferPeriod, nullPeriodCount, nullReason,
        invalidAppAccountToken, invalidCurrency, invalidRequestReferenceId, invalidConsistencyToken,
        unexpectedVersion, negativePrice, skuLengthExceeded, descriptionLengthExceeded,
        displayNameLengthExceeded, negativeProratedPrice, repeatedRequestReferenceId, oneItemNeededInModify,
        productAlreadyExists, invalidDisplayName, invalidDescription, invalidSKU, invalidChangeReason,
        invalidOfferReason, invalidTaxProductCode, invalidOfferPeriod, invalidOfferPeriodCount,
        missingPricingConfigForStorefront, emptyAddChangeItems, periodResetWithRetainBillingCycle,
        multipleOperationsOnSingleSKU, removeItemNotFound, changeItemNotFound, billingCycleResetWithEffectiveLater,
        invalidOfferPrice, removalAllNotAllowed, invalidOperation, malformedPayload, dependentSKUsCannotBeShared,
        dependentSKUsCannotBeChained, itemCannotBeSpecifiedMultipleTimes,
        priceChangeCannotBeIssuedWhenAlreadyCommunicated, invalidSKUProvidedMustBeCurrentSKUSetToRenew,
        acaPriceIncreaseIsNotCurrentlySupportedInIndia, invalidProratedPriceForChangeItemWithEffectiveLater,
        freeTrialOfferMustUsePeriodCountOfOne,
        subscriptionDoesNotExist, subscriptionAlreadyExists, subscriptionNotEligible, subscriptionAlreadyActive,
        productNotOwned, inactiveACASub, alreadyRefunded, migrationNotAllowedWhenPriceIncreaseCommunicated,
        transactionIdNotFound, productNotFound,
    ]
}
