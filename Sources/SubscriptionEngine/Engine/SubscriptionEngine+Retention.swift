import AppleErrorCatalog
import InputRules

/// Retention messaging (docs/retention-messaging.md): auto-renew off with retention messaging
/// on opens a retention offer (`RETENTION_MESSAGE.RETENTION_REQUESTED`) and leaves auto-renew
/// on; the app's real-time answer, checked, is presented (`RETENTION_PRESENTED`); the subscriber
/// keeps the subscription, takes the promotional offer (the engine's offer redemption), switches
/// plan (the engine's switch) or cancels (auto-renew off) (`RETENTION_ANSWERED`).
extension SubscriptionEngine {
    /// The locale of a request that names none.
    static let defaultRetentionLocale = "en-US"

    /// Auto-renew off with retention messaging on: opens the offer, or answers the open one
    /// again (no second real-time request). Nil when no retention message applies.
    func openRetentionOffer(
        _ request: SetAutoRenewRequest, _ subscription: inout Subscription, at now: Timestamp, log: inout EventLog
    ) throws -> EngineReply? {
        guard request.enable == false, let context = request.retention, context.applies(to: subscription.productId),
            subscription.kind == .inApp, subscription.isLive, subscription.autoRenewStatus
        else { return nil }
        if !request.locale.isEmpty, !InputRules.isLocale(request.locale) {
            throw EngineRejection(
                .invalidArgument, error: .invalidLocale, field: "locale", "locale must be such as en-US, got '\(request.locale.prefix(40))'")
        }
        if let open = subscription.retentionOffer, open.isOpen {
            return .retention(info(subscription, at: now), open)
        }
        subscription.retentionOffer = RetentionOffer(
            requestIdentifier: context.requestIdentifier, state: .requested, productId: subscription.productId,
            locale: request.locale.isEmpty ? Self.defaultRetentionLocale : request.locale, requestedAt: now)
        log.retention(.retentionRequested, &subscription, at: now)
        return .retention(info(subscription, at: now), subscription.retentionOffer)
    }

    /// Whether `text` is a locale such as `en-US` (``InputRules/isLocale(_:)``, the one rule).
    static func isLocale(_ text: String) -> Bool { InputRules.isLocale(text) }

    /// The app's real-time answer, as the consumer checked it: the switch-plan product and the
    /// promotional offer are checked against the catalog here; an unusable choice falls back to
    /// the default message (or nothing), with the reason.
    func recordRetentionResponse(
        _ request: RecordRetentionResponseRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        guard let candidate = request.candidate else { throw EngineRejection.missing("presentation") }
        var subscription = try load(originalTransactionId: request.originalTransactionId, store: store)
        guard var offer = subscription.retentionOffer, offer.requestIdentifier == request.requestIdentifier else {
            throw EngineRejection(
                .notFound, field: "requestIdentifier",
                "subscription '\(subscription.originalTransactionId)' has no retention offer '\(request.requestIdentifier)'")
        }
        guard offer.state == .requested else {
            // Already recorded (a redelivered answer): the offer as it is.
            return .retention(info(subscription, at: now), offer)
        }
        var presentation = candidate
        if candidate.source == .app, let problem = choiceProblem(candidate, of: subscription) {
            presentation = candidate.fallingBack(to: request.defaultPresentation, reason: .invalidChoice, detail: problem)
        }
        offer.state = .presented
        offer.presentation = presentation
        subscription.retentionOffer = offer
        log.retention(.retentionPresented, &subscription, at: now)
        try store.save(subscription)
        return .retention(info(subscription, at: now), offer)
    }

    /// What is wrong with the app's switch-plan product or promotional offer; nil when usable.
    private func choiceProblem(_ choice: RetentionPresentation, of subscription: Subscription) -> String? {
        if let alternate = choice.alternateProductId {
            guard let product = catalog.product(alternate), product.groupId == subscription.groupId else {
                return "alternateProduct '\(alternate)' is not a product of group '\(subscription.groupId)'"
            }
            guard alternate != subscription.productId else {
                return "alternateProduct '\(alternate)' is the subscription's own product"
            }
            guard product.price(in: subscription.storefront) != nil else {
                return "alternateProduct '\(alternate)' has no price in storefront '\(subscription.storefront)'"
            }
        }
        if let identifier = choice.promotionalOfferIdentifier {
            let productId = choice.promotionalOfferProductId ?? subscription.productId
            guard let product = catalog.product(productId), product.groupId == subscription.groupId else {
                return "the promotional offer's product '\(productId)' is not a product of group '\(subscription.groupId)'"
            }
            do {
                _ = try redeem(
                    PurchaseOffer(offerType: .promotional, offerIdentifier: identifier), of: product,
                    storefront: subscription.storefront, lapsed: false)
            } catch let rejection as EngineRejection {
                return rejection.message
            } catch {
                return "\(error)"
            }
        }
        return nil
    }

    /// The subscriber's answer: keep, take the offer (redeemed as Apple's promotional offers
    /// are: `OFFER_REDEEMED`), switch plan (the engine's switch) or cancel (auto-renew off).
    func answerRetentionMessage(
        _ request: AnswerRetentionMessageRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        guard let answer = request.answer else { throw EngineRejection.missing("answer") }
        var subscription = try load(originalTransactionId: request.originalTransactionId, store: store)
        guard let offer = subscription.retentionOffer, offer.isOpen,
            request.requestIdentifier.isEmpty || request.requestIdentifier == offer.requestIdentifier
        else {
            throw EngineRejection(
                .failedPrecondition, field: "requestIdentifier",
                "subscription '\(subscription.originalTransactionId)' has no open retention offer"
                    + (request.requestIdentifier.isEmpty ? "" : " '\(request.requestIdentifier)'"))
        }
        let presentation = offer.presentation
        switch answer {
        case .keep:
            break
        case .cancel:
            try setAutoRenew(&subscription, false, at: now, log: &log)
        case .acceptOffer:
            guard let identifier = presentation?.promotionalOfferIdentifier else {
                throw EngineRejection(
                    .failedPrecondition, field: "answer", "the retention message shown has no promotional offer to accept")
            }
            let target = presentation?.promotionalOfferProductId ?? subscription.productId
            subscription = try switched(
                subscription, to: target, offer: PurchaseOffer(offerType: .promotional, offerIdentifier: identifier), at: now,
                store: &store, log: &log)
        case .switchPlan:
            guard let alternate = presentation?.alternateProductId else {
                throw EngineRejection(.failedPrecondition, field: "answer", "the retention message shown suggests no other plan")
            }
            subscription = try switched(subscription, to: alternate, offer: nil, at: now, store: &store, log: &log)
        }
        var answered = offer
        answered.state = .answered
        answered.answer = answer
        answered.answeredAt = now
        subscription.retentionOffer = answered
        log.retention(.retentionAnswered, &subscription, at: now)
        try store.save(subscription)
        return .retention(info(subscription, at: now), answered)
    }

    /// The subscription after the engine's switch (with `offer`, a promotional offer) to
    /// `productId`; the switch saves it and emits its own events.
    private func switched(
        _ subscription: Subscription, to productId: String, offer: PurchaseOffer?, at now: Timestamp,
        store: inout some EngineStore, log: inout EventLog
    ) throws -> Subscription {
        try store.save(subscription)
        _ = try switchProduct(
            SwitchProductRequest(originalTransactionId: subscription.originalTransactionId, productId: productId, offer: offer),
            at: now, store: &store, log: &log)
        return try load(originalTransactionId: subscription.originalTransactionId, store: store)
    }

    /// A subscription's latest retention offer, by any of its transaction ids.
    func retentionOffer(_ request: GetRetentionOfferRequest, at now: Timestamp, store: some EngineStore) throws -> EngineReply {
        let subscription = try load(transactionId: request.transactionId, store: store)
        return .retention(info(subscription, at: now), subscription.retentionOffer)
    }
}

extension EventLog {
    /// Emits a retention event about `subscription`'s offer.
    mutating func retention(_ subtype: NotificationSubtype, _ subscription: inout Subscription, at now: Timestamp) {
        guard let offer = subscription.retentionOffer else { return }
        let event = RetentionEvent(
            originalTransactionId: subscription.originalTransactionId, offer: offer, environment: app.environment,
            bundleId: app.bundleId, appAppleId: app.appAppleId, renewalInfo: subscription.renewalInfo(app: app, at: now))
        append(.retentionMessage, subtype, &subscription, at: now, payload: .retention(event))
    }
}
