import AppleErrorCatalog

/// The price-change what-if (docs/what-if.md, R-WIF-1…5): for each subscription of the product in
/// the page, on a scratch timeline of its own, the price change is scheduled as Change
/// Subscription Price schedules it, the subscription's time runs forward until the renewal the
/// change applies at, and the subscribers assumed to consent consent when they are asked.
extension SubscriptionEngine {
    /// The most transitions one subscription's scratch timeline fires (a 60-day lead with weekly
    /// reminders is about a dozen): bounds the work of a page whatever the data.
    static let whatIfStepsPerSubscription = 256

    /// One page of a what-if, at the clock's `now`. `store` is read, never written: it is taken by
    /// value and every write goes to a scratch store dropped at the end of each subscription.
    /// - Throws: ``EngineRejection`` naming the field of a bad request; store errors.
    public func priceChangeWhatIf(
        _ request: PriceChangeWhatIfRequest, at now: Timestamp, store: some EngineStore
    ) throws -> PriceChangeWhatIfPage {
        try validate(request)
        let limit = request.limit
        let ids = try store.subscriptionIds(productId: request.productId, from: request.cursor, limit: limit + 1)
        let page = ids.prefix(limit)
        var answers = request.prices.map { StorefrontWhatIf(storefront: $0.storefront) }
        for id in page {
            guard let live = try store.subscription(id),
                let index = request.prices.firstIndex(where: { $0.storefront == live.storefront })
            else { continue }
            answers[index].subscriptions += 1
            try simulate(id, price: request.prices[index].price, sku: request.productId, consent: request.consent,
                at: now, store: store, into: &answers[index])
        }
        return PriceChangeWhatIfPage(
            storefronts: answers, scanned: page.count, nextCursor: ids.count > limit ? ids[limit] : nil, asOf: now)
    }

    /// R-WIF-5: every bad field is named.
    private func validate(_ request: PriceChangeWhatIfRequest) throws(EngineRejection) {
        guard !request.productId.isEmpty else { throw EngineRejection.missing("productId", error: .invalidValue) }
        guard catalog.product(request.productId) != nil else {
            throw EngineRejection(
                .notFound, error: .invalidValue, field: "productId",
                "no in-app product '\(request.productId.prefix(120))' in the catalog")
        }
        guard !request.prices.isEmpty else {
            throw EngineRejection.missing("prices", error: .invalidValue)
        }
        var seen: Set<StorefrontCode> = []
        for (index, price) in request.prices.enumerated() {
            let code = price.storefront.rawValue
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw EngineRejection(
                    .invalidArgument, error: .invalidValue, field: "prices[\(index)].storefront",
                    "storefront must be three letters (ISO 3166-1 alpha-3), got \"\(code.prefix(20))\"")
            }
            guard seen.insert(price.storefront).inserted else {
                throw EngineRejection(
                    .invalidArgument, error: .invalidValue, field: "prices[\(index)].storefront", "storefront \(code) appears twice")
            }
            guard price.price > .zero else {
                throw EngineRejection(
                    .invalidArgument, error: .invalidValue, field: "prices[\(index)].price",
                    "price must be > 0 milliunits, got \(price.price.rawValue)")
            }
        }
        guard (1...PriceChangeWhatIfRequest.maximumLimit).contains(request.limit) else {
            throw EngineRejection(
                .invalidArgument, error: .invalidValue, field: "limit",
                "limit must be 1…\(PriceChangeWhatIfRequest.maximumLimit), got \(request.limit)")
        }
        guard request.cursor.count <= 128 else {
            throw EngineRejection(.invalidArgument, error: .invalidValue, field: "cursor", "cursor is longer than 128 characters")
        }
    }

    /// One subscription on its scratch timeline, added to its storefront's answer.
    private func simulate(
        _ id: String, price: Milliunits, sku: String, consent: ConsentAssumption, at now: Timestamp,
        store: some EngineStore, into answer: inout StorefrontWhatIf
    ) throws {
        var scratch = ScratchEngineStore(over: store)
        var log = EventLog(app: catalog.app, commandId: nil)
        // What the real command would find: the subscription's own transitions due by now fired first.
        _ = try runTimeline(id, until: now, consent: nil, store: &scratch, log: &log)
        let request = ChangePriceRequest(
            transactionId: id, requestInfo: RequestInfo(requestReferenceId: "what-if/\(id)"),
            items: [PriceChangeItem(sku: sku, price: price)])
        let changeId: String
        do {
            guard case .changePrice(_, let ids) = try changePrice(request, at: now, store: &scratch, log: &log),
                let first = ids.first
            else {
                answer.notEligible += 1
                return
            }
            changeId = first
        } catch is EngineRejection {
            answer.notEligible += 1
            return
        }
        guard let change = try scratch.subscription(id)?.priceChanges.last(where: { $0.id == changeId }) else { return }
        switch (change.kind, change.consentRequired) {
        case (.decrease, _): answer.decreases += 1
        case (_, true): answer.consentRequired += 1
        case (_, false): answer.withoutConsent += 1
        }
        answer.firstEffectiveDate = min(answer.firstEffectiveDate ?? change.effectiveDate, change.effectiveDate)
        answer.lastEffectiveDate = max(answer.lastEffectiveDate ?? change.effectiveDate, change.effectiveDate)
        let consents = change.consentRequired && consent.consents(id)
        if consents { answer.assumedConsents += 1 }
        var timeline = EventLog(app: catalog.app, commandId: nil)
        let final = try runTimeline(
            id, until: change.effectiveDate, consent: consents ? changeId : nil, store: &scratch, log: &timeline)
        for event in timeline.events {
            if case .communication(let message) = event.payload, message.priceChangeIds.contains(changeId) {
                answer.communications += 1
                answer.firstCommunication = min(answer.firstCommunication ?? event.signedDate, event.signedDate)
                answer.lastCommunication = max(answer.lastCommunication ?? event.signedDate, event.signedDate)
            }
        }
        if timeline.events.contains(where: { $0.notificationType == .expired && $0.subtype == .priceIncrease }) {
            answer.expiredPriceIncrease += 1
        } else if final?.priceChanges.last(where: { $0.id == changeId })?.status == .applied {
            answer.renewedAtNewPrice += 1
        }
    }

    /// Fires the subscription's own transitions due up to `until` on the scratch store; when
    /// `consent` names a price change, the subscriber consents as soon as it is asked.
    private func runTimeline(
        _ id: String, until: Timestamp, consent: String?, store: inout ScratchEngineStore<some EngineStore>,
        log: inout EventLog
    ) throws -> Subscription? {
        var answered = false
        for _ in 0..<Self.whatIfStepsPerSubscription {
            guard var subscription = try store.subscription(id), let due = subscription.nextDueTime, due <= until else { break }
            let before = log.events.count
            // A stored value the arithmetic cannot take ends this subscription's timeline here
            // (the real timer quarantines it).
            do { try fire(&subscription, at: due, log: &log) } catch { break }
            try store.save(subscription)
            guard let consent, !answered else { continue }
            let asked = log.events[before...].contains {
                if case .communication(let message) = $0.payload {
                    return message.kind == .consentRequest && message.priceChangeIds.contains(consent)
                }
                return false
            }
            if asked {
                answered = true
                _ = try respond(
                    RespondToPriceIncreaseRequest(originalTransactionId: id, priceChangeIds: [consent], response: .consent),
                    at: due, store: &store, log: &log)
            }
        }
        return try store.subscription(id)
    }
}
