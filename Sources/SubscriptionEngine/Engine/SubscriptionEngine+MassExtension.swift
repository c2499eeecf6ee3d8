import AppleErrorCatalog
import StableIdentifiers

extension SubscriptionEngine {
    /// Accept a mass extension (R-EXT-4); processed in batches by `advance`, idempotent on
    /// `requestIdentifier`.
    func massExtend(
        _ request: MassExtendRenewalDateRequest, at now: Timestamp, store: inout some EngineStore, commandId: String?
    ) throws -> EngineReply {
        try validateExtension(days: request.extendByDays, reasonCode: request.extendReasonCode)
        guard isUUID(request.requestIdentifier) else {
            throw EngineRejection(.invalidArgument, error: .invalidRequestIdentifier, field: "requestIdentifier",
                "requestIdentifier must be a UUID, got '\(request.requestIdentifier)'")
        }
        guard catalog.product(request.productId) != nil else {
            throw EngineRejection(.invalidArgument, error: .invalidProductId, field: "productId", "unknown product '\(request.productId)'")
        }
        for (index, code) in request.storefrontCountryCodes.enumerated() where code.rawValue.count != 3 {
            throw EngineRejection(.invalidArgument, error: .invalidStorefrontCountryCode,
                field: "storefrontCountryCodes[\(index)]", "'\(code)' is not an alpha-3 storefront code")
        }
        if try store.massExtension(request.requestIdentifier) == nil {
            try store.save(
                MassExtension(
                    requestIdentifier: request.requestIdentifier, productId: request.productId,
                    storefrontCountryCodes: request.storefrontCountryCodes, extendByDays: request.extendByDays,
                    extendReasonCode: request.extendReasonCode ?? 0, requestedAt: now, resumeAt: "", succeededCount: 0,
                    failedCount: 0, complete: false, completeDate: nil, commandId: commandId))
        }
        return .massExtendRenewalDate(requestIdentifier: request.requestIdentifier)
    }

    /// Status of a mass extension.
    func massExtensionStatus(_ request: GetMassExtensionStatusRequest, store: some EngineStore) throws -> EngineReply {
        guard let job = try store.massExtension(request.requestIdentifier), job.productId == request.productId else {
            throw EngineRejection(.notFound, error: .statusRequestNotFound, field: "requestIdentifier",
                "no mass extension '\(request.requestIdentifier)' for product '\(request.productId)'")
        }
        return .massExtensionStatus(
            MassExtensionStatus(requestIdentifier: job.requestIdentifier, complete: job.complete, completeDate: job.completeDate,
                succeededCount: job.succeededCount, failedCount: job.failedCount))
    }

    /// One batch: `RENEWAL_EXTENDED` or `RENEWAL_EXTENSION / FAILURE` per live subscription of
    /// the product (and storefronts) that existed when the extension was requested, in the
    /// store's walk order (``EngineStore/walkSubscriptions(productId:from:limit:)``); then
    /// `RENEWAL_EXTENSION / SUMMARY` once all are done. The events are appended to `events`
    /// (one log for the whole page: a page is thousands of events, each copied once less).
    func processMassExtensionBatch(
        _ id: String, at now: Timestamp, store: inout some EngineStore, into events: inout [EngineEvent]
    ) throws {
        guard var job = try store.massExtension(id), !job.complete else { return }
        let page = try store.walkSubscriptions(productId: job.productId, from: job.resumeAt, limit: MassExtension.batchSize)
        try EventLog.appending(to: &events, app: catalog.app, commandId: job.commandId) { log in
            if log.events.isEmpty { log.events.reserveCapacity(page.ids.count + 1) }
            for subscriptionId in page.ids {
                guard var subscription = try store.subscription(subscriptionId), subscription.isLive,
                    subscription.familyPurchaserId == nil,
                    subscription.productId == job.productId,
                    subscription.originalPurchaseDate <= job.requestedAt,
                    job.storefrontCountryCodes.isEmpty || job.storefrontCountryCodes.contains(subscription.storefront)
                else { continue }
                let first = log.events.endIndex
                do {
                    try extend(&subscription, days: job.extendByDays, reasonCode: job.extendReasonCode,
                        requestIdentifier: job.requestIdentifier, at: now, log: &log)
                    job.succeededCount += 1
                } catch is EngineRejection {
                    log.emit(.renewalExtension, .failure, &subscription, at: now)
                    job.failedCount += 1
                }
                try store.save(subscription)
                try appendFamilyEvents(of: subscription, emittedFrom: first, to: &log, store: &store)
            }
            if let next = page.next {
                job.resumeAt = next
            } else {
                job.complete = true
                job.completeDate = now
                log.events.append(summaryEvent(job, at: now))
            }
        }
        try store.save(job)
    }

    private func summaryEvent(_ job: MassExtension, at now: Timestamp) -> EngineEvent {
        let app = catalog.app
        return EngineEvent(
            notificationType: .renewalExtension, subtype: .summary,
            notificationUUID: NameBasedUUID.make("mass/\(job.requestIdentifier)"), signedDate: now, version: "2.0",
            sequence: 0, subscriptionId: "", causedByCommandId: job.commandId,
            payload: .summary(
                MassExtensionSummary(
                    requestIdentifier: job.requestIdentifier, environment: app.environment, appAppleId: app.appAppleId,
                    bundleId: app.bundleId, productId: job.productId, storefrontCountryCodes: job.storefrontCountryCodes,
                    failedCount: job.failedCount, succeededCount: job.succeededCount)))
    }

    func isUUID(_ text: String) -> Bool { UUIDText.isValid(text) }
}
