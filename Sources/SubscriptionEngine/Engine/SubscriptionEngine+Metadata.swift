import AppleErrorCatalog

extension SubscriptionEngine {
    /// Change Subscription Metadata: rename SKUs and descriptors (`METADATA_UPDATE`). A price
    /// change follows its SKU's new name (R-PRC-12).
    func changeMetadata(
        _ request: ChangeMetadataRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        let key = try requestKey(request.requestInfo)
        var subscription = try load(transactionId: request.transactionId, store: store)
        if let reply = try storedReply(key, of: subscription, store: store) { return reply }
        guard request.descriptors != nil || !request.items.isEmpty else { throw EngineRejection.missing("items") }
        for (index, item) in request.items.enumerated() {
            guard let position = subscription.itemIndex(item.currentSKU) else {
                throw EngineRejection(.invalidArgument, error: .changeItemNotFound, field: "items[\(index)].currentSKU", "SKU '\(item.currentSKU)' is not in the subscription")
            }
            if !item.sku.isEmpty, item.sku != item.currentSKU {
                _ = try knownSKU(item.sku, field: "items[\(index)].SKU")
                subscription.items[position].sku = item.sku
                for change in subscription.priceChanges.indices where subscription.priceChanges[change].sku == item.currentSKU {
                    subscription.priceChanges[change].sku = item.sku
                }
            }
            if !item.displayName.isEmpty { subscription.items[position].displayName = item.displayName }
            if !item.description.isEmpty { subscription.items[position].description = item.description }
        }
        if let descriptors = request.descriptors {
            var current = subscription.descriptors ?? SubscriptionDescriptors(displayName: "", description: "")
            if !descriptors.displayName.isEmpty { current.displayName = descriptors.displayName }
            if !descriptors.description.isEmpty { current.description = descriptors.description }
            subscription.descriptors = current
        }
        log.emit(.metadataUpdate, nil, &subscription, at: now)
        let reply = EngineReply.subscription(info(subscription, at: now))
        subscription.remember(reply, forKey: key)
        try store.save(subscription)
        return reply
    }

    /// Migrate an in-app subscription to Advanced Commerce (`MIGRATION`). Refused while an
    /// increase was already communicated; an uncommunicated one moves to the first item
    /// (R-PRC-13). The in-app price carries over to the first item; further items start free.
    func migrate(
        _ request: MigrateSubscriptionRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        let key = try requestKey(request.requestInfo)
        guard let descriptors = request.descriptors else { throw EngineRejection.missing("descriptors", error: .nullDescriptors) }
        guard let first = request.items.first else { throw EngineRejection.missing("items", error: .nullItems) }
        guard let product = catalog.advancedCommerceProduct(request.targetProductId) else {
            throw EngineRejection(.invalidArgument, error: .productNotFound, field: "targetProductId", "unknown Advanced Commerce product '\(request.targetProductId)'")
        }
        var subscription = try load(transactionId: request.transactionId, store: store)
        if let reply = try storedReply(key, of: subscription, store: store) { return reply }
        guard subscription.kind == .inApp, subscription.state == .active else {
            throw EngineRejection(.failedPrecondition, error: .subscriptionNotEligible, "only active in-app subscriptions migrate")
        }
        if subscription.priceChanges.contains(where: { $0.isOpen && $0.isCommunicated && $0.kind == .increase }) {
            throw EngineRejection(.failedPrecondition, error: .migrationNotAllowedWhenPriceIncreaseCommunicated, field: "transactionId", "a price increase was already communicated")
        }
        for (index, item) in request.items.enumerated() { _ = try knownSKU(item.sku, field: "items[\(index)].SKU") }
        let oldSKU = subscription.productId
        let price = subscription.items.first?.price ?? .zero
        subscription.items = request.items.enumerated().map { index, item in
            SubscriptionItem(sku: item.sku, displayName: item.displayName, description: item.description, price: index == 0 ? price : .zero)
        }
        for index in subscription.priceChanges.indices where subscription.priceChanges[index].sku == oldSKU {
            subscription.priceChanges[index].sku = first.sku
        }
        subscription.kind = .advancedCommerce
        subscription.productId = product.productId
        subscription.autoRenewProductId = product.productId
        subscription.descriptors = descriptors
        subscription.taxCode = request.taxCode
        log.emit(.migration, nil, &subscription, at: now)
        let reply = EngineReply.subscription(info(subscription, at: now))
        subscription.remember(reply, forKey: key)
        try store.save(subscription)
        return reply
    }

    /// Get All Subscription Statuses: every subscription of the transaction's customer, by group.
    func allStatuses(_ request: GetAllSubscriptionStatusesRequest, at now: Timestamp, store: some EngineStore) throws -> EngineReply {
        let subscription = try load(transactionId: request.transactionId, store: store)
        let all = try store.subscriptionIds(customerId: subscription.customerId).compactMap { try store.subscription($0) }
        var groups: [String: [AllSubscriptionStatuses.LastTransaction]] = [:]
        for item in all where request.status.isEmpty || request.status.contains(item.status) {
            groups[item.groupId, default: []].append(
                AllSubscriptionStatuses.LastTransaction(
                    status: item.status, originalTransactionId: item.originalTransactionId,
                    transactionInfo: item.transactionInfo(app: catalog.app, at: now),
                    renewalInfo: item.renewalInfo(app: catalog.app, at: now)))
        }
        let app = catalog.app
        return .allSubscriptionStatuses(
            AllSubscriptionStatuses(
                environment: app.environment, bundleId: app.bundleId, appAppleId: app.appAppleId,
                data: groups.keys.sorted().map { AllSubscriptionStatuses.Group(subscriptionGroupIdentifier: $0, lastTransactions: groups[$0] ?? []) }))
    }
}
