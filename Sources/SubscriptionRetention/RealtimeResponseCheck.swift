import Foundation
import StableIdentifiers
import SubscriptionAPI
import SubscriptionMessages

/// Checks the app's answer to a Get Retention Message request against what the consumer's
/// store holds (docs/retention-messaging.md, "What is shown"): a `RealtimeResponseBody` with
/// exactly one choice, whose message (and its images) is APPROVED; an unusable answer, a
/// timeout or a failure falls back to the product's default message in the locale, with the
/// reason. The switch-plan product and the promotional offer are the engine's to check.
struct RealtimeResponseCheck {
    let documents: MessagingDocuments

    /// What the subscriber is shown, as far as the consumer can tell, and the default message
    /// of `productId` in `locale` (nil when none is usable).
    func presentation(
        of response: Subscriptions_V1_RecordRetentionResponseRequest
    ) throws -> (candidate: Subscriptions_V1_RetentionPresentation, fallback: Subscriptions_V1_RetentionPresentation?) {
        let fallback = try defaultPresentation(productId: response.productID, locale: response.locale)
        var call = Subscriptions_V1_RetentionPresentation()
        call.httpStatus = response.httpStatus
        call.latencyMs = response.latencyMs
        call.sendAttemptResult = response.sendAttemptResult
        func fallingBack(_ reason: Subscriptions_V1_RetentionFallbackReason, _ detail: String) -> Subscriptions_V1_RetentionPresentation {
            var shown = fallback ?? Subscriptions_V1_RetentionPresentation.with { $0.source = .none }
            shown.fallbackReason = reason
            shown.fallbackDetail = detail
            shown.httpStatus = call.httpStatus
            shown.latencyMs = call.latencyMs
            shown.sendAttemptResult = call.sendAttemptResult
            return shown
        }
        switch response.sendAttemptResult {
        case "":
            return (fallingBack(.noRealtimeURL, "no Get Retention Message URL is configured for the environment"), fallback)
        case "TIMED_OUT":
            return (fallingBack(.timedOut, "the endpoint did not answer within \(response.latencyMs) ms"), fallback)
        case "SUCCESS" where response.httpStatus == 200:
            break
        default:
            let what = response.httpStatus == 0 ? response.sendAttemptResult : "HTTP \(response.httpStatus)"
            return (fallingBack(.endpointFailed, "the endpoint failed: \(what)"), fallback)
        }
        let body: RealtimeResponseBody
        do {
            body = try JSONDecoder().decode(RealtimeResponseBody.self, from: response.body)
        } catch {
            return (fallingBack(.invalidResponse, "the answer is not a RealtimeResponseBody: \(Self.describe(error))"), fallback)
        }
        let chosen = [body.message != nil, body.alternateProduct != nil, body.promotionalOffer != nil, body.advancedCommerceInfo != nil]
            .filter { $0 }.count
        guard chosen == 1 else {
            return (fallingBack(
                .invalidResponse,
                "the answer must hold exactly one of message, alternateProduct, promotionalOffer, advancedCommerceInfo; it holds \(chosen)"),
                fallback)
        }
        var app = call
        app.source = .app
        let messageId: String?
        if let message = body.message {
            messageId = message.messageIdentifier
        } else if let alternate = body.alternateProduct {
            messageId = alternate.messageIdentifier
            guard let product = alternate.productId, !product.isEmpty else {
                return (fallingBack(.invalidResponse, "alternateProduct has no productId"), fallback)
            }
            app.alternateProductID = product
        } else if let offer = body.promotionalOffer {
            messageId = offer.messageIdentifier
            guard let (product, identifier) = Self.offer(offer) else {
                return (fallingBack(
                    .invalidResponse,
                    "promotionalOffer needs promotionalOfferSignatureV2 (a JWS naming productId and offerIdentifier) or promotionalOfferSignatureV1"),
                    fallback)
            }
            app.promotionalOfferProductID = product
            app.promotionalOfferIdentifier = identifier
        } else {
            return (fallingBack(.invalidChoice, "advancedCommerceInfo retention offers are not emulated"), fallback)
        }
        guard let messageId, UUIDText.isValid(messageId) else {
            return (fallingBack(.invalidResponse, "the choice has no messageIdentifier (a UUID)"), fallback)
        }
        let id = messageId.lowercased()
        if let problem = try documents.approvalProblem(ofMessage: id) {
            return (fallingBack(.notApproved, problem), fallback)
        }
        app.messageIdentifier = id
        return (app, fallback)
    }

    /// The default message of `productId` in `locale`, when it and its images are APPROVED.
    func defaultPresentation(productId: String, locale: String) throws -> Subscriptions_V1_RetentionPresentation? {
        guard !productId.isEmpty,
            let stored = try documents.read(
                MessagingDocuments.DefaultMessage.self, .defaultMessage, MessagingDocuments.defaultKey(productId: productId, locale: locale)),
            try documents.approvalProblem(ofMessage: stored.messageIdentifier) == nil
        else { return nil }
        return .with {
            $0.source = .default
            $0.messageIdentifier = stored.messageIdentifier
        }
    }

    /// The product and offer identifier of a promotional offer: V2's JWS payload (decoded, not
    /// verified: the signing key is the app's In-App Purchase key, which this service does not
    /// hold), else V1's fields.
    static func offer(_ offer: RealtimeResponseBody.PromotionalOffer) -> (product: String, identifier: String)? {
        if let jws = offer.promotionalOfferSignatureV2 {
            let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
                let claims = try? JSONDecoder().decode(RealtimeResponseBody.PromotionalOfferSignatureV1.self, from: payload),
                let product = claims.productId, let identifier = claims.offerIdentifier, !product.isEmpty, !identifier.isEmpty
            else { return nil }
            return (product, identifier)
        }
        if let v1 = offer.promotionalOfferSignatureV1, let product = v1.productId, let identifier = v1.offerIdentifier,
            !product.isEmpty, !identifier.isEmpty
        {
            return (product, identifier)
        }
        return nil
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.typeMismatch(_, let context): "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: "\(error)"
        }
    }
}
