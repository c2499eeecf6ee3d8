import AppleErrorCatalog

extension SubscriptionEngine {
    /// R-MOD-1 and R-MOD-4: required fields, then the request against the subscription.
    func validateModify(_ request: ModifySubscriptionRequest) throws -> (key: String, retain: Bool) {
        guard request.operation == .modifySubscription else {
            throw EngineRejection(.invalidArgument, error: .invalidOperation, field: "operation",
                "operation must be MODIFY_SUBSCRIPTION, got \(request.operation?.rawValue ?? "nothing")")
        }
        try checkVersion(request.version)
        let key = try requestKey(request.requestInfo)
        guard let retain = request.retainBillingCycle else {
            throw EngineRejection.missing("retainBillingCycle", error: .nullRetainBillingCycle)
        }
        guard !request.transactionId.isEmpty else { throw EngineRejection.missing("transactionId", error: .nullTransactionId) }
        if request.addItems == nil, request.changeItems == nil, request.removeItems == nil, request.periodChange == nil,
            request.descriptors == nil
        {
            throw EngineRejection(.invalidArgument, error: .oneItemNeededInModify, "a modify request must change something")
        }
        if request.addItems?.isEmpty == true {
            throw EngineRejection(.invalidArgument, error: .emptyAddChangeItems, field: "addItems", "addItems must not be empty")
        }
        if request.changeItems?.isEmpty == true {
            throw EngineRejection(.invalidArgument, error: .emptyAddChangeItems, field: "changeItems", "changeItems must not be empty")
        }
        if request.removeItems?.isEmpty == true {
            throw EngineRejection(.invalidArgument, field: "removeItems", "removeItems must not be empty")
        }
        for (index, add) in (request.addItems ?? []).enumerated() {
            try checkProratedPrice(add.proratedPrice, field: "addItems[\(index)].proratedPrice")
        }
        for (index, change) in (request.changeItems ?? []).enumerated() {
            try checkProratedPrice(change.proratedPrice, field: "changeItems[\(index)].proratedPrice")
            guard !change.currentSKU.isEmpty else { throw EngineRejection.missing("changeItems[\(index)].currentSKU", error: .nullCurrentSKU) }
            guard let effective = change.effective else { throw EngineRejection.missing("changeItems[\(index)].effective", error: .nullEffective) }
            guard change.reason != nil else { throw EngineRejection.missing("changeItems[\(index)].reason", error: .nullReason) }
            if !retain, effective == .nextBillCycle {
                throw EngineRejection(.invalidArgument, error: .billingCycleResetWithEffectiveLater, field: "changeItems[\(index)].effective", "retainBillingCycle false cannot take effect NEXT_BILL_CYCLE")
            }
        }
        if let change = request.periodChange {
            guard let effective = change.effective else { throw EngineRejection.missing("periodChange.effective", error: .nullEffective) }
            if retain, effective == .immediately {
                throw EngineRejection(.invalidArgument, error: .periodResetWithRetainBillingCycle, field: "periodChange.effective", "an immediate period change resets the billing cycle: send retainBillingCycle false")
            }
        }
        if let descriptors = request.descriptors, descriptors.effective == nil {
            throw EngineRejection.missing("descriptors.effective", error: .nullEffective)
        }
        return (key, retain)
    }

    /// A prorated price is 0…``Milliunits/maximumPrice`` (R-MOD-4).
    private func checkProratedPrice(_ price: Milliunits?, field: String) throws(EngineRejection) {
        guard let price else { return }
        guard price >= .zero else {
            throw EngineRejection(.invalidArgument, error: .negativeProratedPrice, field: field, "\(field) must be >= 0, got \(price.rawValue)")
        }
        try price.checkPrice(field: field)
    }

    /// Checks SKUs, prices and currency against the subscription (R-MOD-4).
    func validateModify(_ request: ModifySubscriptionRequest, against subscription: Subscription) throws {
        if let currency = request.currency, !currency.rawValue.isEmpty, currency != subscription.currency {
            throw EngineRejection(.invalidArgument, error: .invalidCurrency, field: "currency", "currency '\(currency)' differs from the subscription's \(subscription.currency)")
        }
        guard subscription.kind == .advancedCommerce, subscription.state == .active else {
            throw EngineRejection(.failedPrecondition, error: .inactiveACASub, "subscription '\(subscription.originalTransactionId)' is not an active Advanced Commerce subscription")
        }
        var touched: Set<String> = []
        func touch(_ sku: String, _ field: String) throws {
            guard touched.insert(sku).inserted else {
                throw EngineRejection(.invalidArgument, error: .multipleOperationsOnSingleSKU, field: field, "SKU '\(sku)' appears in two operations")
            }
        }
        for (index, add) in (request.addItems ?? []).enumerated() {
            let field = "addItems[\(index)]"
            _ = try knownSKU(add.item.sku, field: "\(field).SKU")
            try touch(add.item.sku, "\(field).SKU")
            guard subscription.itemIndex(add.item.sku) == nil else {
                throw EngineRejection(.invalidArgument, error: .productAlreadyExists, field: "\(field).SKU", "SKU '\(add.item.sku)' is already in the subscription")
            }
            _ = try subscriptionItem(add.item, period: subscription.period, field: field)
        }
        for (index, change) in (request.changeItems ?? []).enumerated() {
            let field = "changeItems[\(index)]"
            guard subscription.itemIndex(change.currentSKU) != nil else {
                throw EngineRejection(.invalidArgument, error: .changeItemNotFound, field: "\(field).currentSKU", "SKU '\(change.currentSKU)' is not in the subscription")
            }
            try touch(change.currentSKU, "\(field).currentSKU")
            _ = try knownSKU(change.item.sku, field: "\(field).SKU")
            _ = try subscriptionItem(change.item, period: subscription.period, field: field)
        }
        let removals = request.removeItems ?? []
        for (index, sku) in removals.enumerated() {
            guard subscription.itemIndex(sku) != nil else {
                throw EngineRejection(.invalidArgument, error: .removeItemNotFound, field: "removeItems[\(index)].SKU", "SKU '\(sku)' is not in the subscription")
            }
            try touch(sku, "removeItems[\(index)].SKU")
        }
        let remaining = subscription.items.filter { !removals.contains($0.sku) }.count + (request.addItems?.count ?? 0)
        guard remaining > 0 else {
            throw EngineRejection(.invalidArgument, error: .removalAllNotAllowed, field: "removeItems", "removing every item is not allowed; cancel instead")
        }
        if let change = request.periodChange { _ = try parsePeriod(change.period, field: "periodChange.period") }
    }
}
