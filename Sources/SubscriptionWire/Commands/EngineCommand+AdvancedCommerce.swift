import AppleErrorCatalog
import SubscriptionEngine
import SubscriptionMessages

// Advanced Commerce operations: proto request -> engine request. Absent messages and
// wrappers become nil, unset enums nil, empty strings stay empty: the engine names them.

extension RequestInfo {
    init?(present: Bool, _ info: Subscriptions_V1_RequestInfo) {
        guard present else { return nil }
        self.init(
            requestReferenceId: info.requestReferenceID, appAccountToken: info.appAccountToken,
            consistencyToken: info.consistencyToken)
    }
}

extension AdvancedCommerceOffer {
    init?(present: Bool, _ offer: Subscriptions_V1_Offer) {
        guard present else { return nil }
        self.init(
            period: offer.period, periodCount: Int(offer.periodCount), price: Milliunits(offer.price),
            reason: OfferReason(offer.reason))
    }
}

extension CreateSubscriptionRequest {
    init(_ request: Subscriptions_V1_CreateSubscriptionRequest) {
        self.init(
            customerId: request.customerID, operation: AdvancedCommerceOperation(request.operation),
            version: request.version, requestInfo: RequestInfo(present: request.hasRequestInfo, request.requestInfo),
            currency: CurrencyCode(request.currency),
            descriptors: request.hasDescriptors
                ? SubscriptionDescriptors(
                    displayName: request.descriptors.displayName, description: request.descriptors.description_p)
                : nil,
            items: request.items.map {
                AdvancedCommerceItem(
                    sku: $0.sku, displayName: $0.displayName, description: $0.description_p, price: Milliunits($0.price),
                    offer: AdvancedCommerceOffer(present: $0.hasOffer, $0.offer))
            },
            period: request.period, taxCode: request.taxCode, previousTransactionId: request.previousTransactionID,
            storefront: StorefrontCode(request.storefront))
    }
}

extension ModifySubscriptionRequest {
    init(_ request: Subscriptions_V1_ModifySubscriptionRequest) {
        self.init(
            operation: AdvancedCommerceOperation(request.operation), version: request.version,
            requestInfo: RequestInfo(present: request.hasRequestInfo, request.requestInfo),
            transactionId: request.transactionID,
            retainBillingCycle: request.hasRetainBillingCycle ? request.retainBillingCycle.value : nil,
            addItems: request.hasAddItems ? request.addItems.items.map(ModifyAddItem.init) : nil,
            changeItems: request.hasChangeItems ? request.changeItems.items.map(ModifyChangeItem.init) : nil,
            removeItems: request.hasRemoveItems ? request.removeItems.items.map(\.sku) : nil,
            periodChange: request.hasPeriodChange
                ? ModifyPeriodChange(effective: Effective(request.periodChange.effective), period: request.periodChange.period)
                : nil,
            descriptors: request.hasDescriptors ? EffectiveDescriptors(request.descriptors) : nil,
            currency: request.currency.isEmpty ? nil : CurrencyCode(request.currency))
    }
}

extension ModifyAddItem {
    init(_ item: Subscriptions_V1_ModifyAddItem) {
        self.init(
            item: AdvancedCommerceItem(
                sku: item.sku, displayName: item.displayName, description: item.description_p,
                price: Milliunits(item.price), offer: AdvancedCommerceOffer(present: item.hasOffer, item.offer)),
            proratedPrice: item.hasProratedPrice ? Milliunits(item.proratedPrice.value) : nil)
    }
}

extension ModifyChangeItem {
    init(_ item: Subscriptions_V1_ModifyChangeItem) {
        self.init(
            currentSKU: item.currentSku,
            item: AdvancedCommerceItem(
                sku: item.sku, displayName: item.displayName, description: item.description_p,
                price: Milliunits(item.price), offer: AdvancedCommerceOffer(present: item.hasOffer, item.offer)),
            effective: Effective(item.effective), reason: ChangeReason(item.reason),
            proratedPrice: item.hasProratedPrice ? Milliunits(item.proratedPrice.value) : nil)
    }
}

extension EffectiveDescriptors {
    init(_ descriptors: Subscriptions_V1_EffectiveDescriptors) {
        self.init(
            effective: Effective(descriptors.effective), displayName: descriptors.displayName,
            description: descriptors.description_p)
    }
}

extension ReactivateSubscriptionRequest {
    init(_ request: Subscriptions_V1_ReactivateSubscriptionRequest) {
        self.init(
            operation: AdvancedCommerceOperation(request.operation), version: request.version,
            requestInfo: RequestInfo(present: request.hasRequestInfo, request.requestInfo),
            transactionId: request.transactionID, items: request.items.map(\.sku))
    }
}

extension ChangePriceRequest {
    init(_ request: Subscriptions_V1_ChangePriceRequest) {
        self.init(
            transactionId: request.transactionID,
            requestInfo: RequestInfo(present: request.hasRequestInfo, request.requestInfo),
            items: request.items.map {
                PriceChangeItem(sku: $0.sku, price: Milliunits($0.price), dependentSKUs: $0.dependentSkus)
            },
            currency: request.currency.isEmpty ? nil : CurrencyCode(request.currency))
    }
}

extension CancelSubscriptionRequest {
    init(_ request: Subscriptions_V1_CancelSubscriptionRequest) {
        self.init(
            transactionId: request.transactionID,
            requestInfo: RequestInfo(present: request.hasRequestInfo, request.requestInfo))
    }
}

extension RevokeSubscriptionRequest {
    init(_ request: Subscriptions_V1_RevokeSubscriptionRequest) {
        self.init(
            transactionId: request.transactionID,
            requestInfo: RequestInfo(present: request.hasRequestInfo, request.requestInfo),
            refundReason: RefundReason(request.refundReason), refundType: RefundType(request.refundType))
    }
}

extension RequestRefundRequest {
    /// The engine refunds a whole transaction: the request's items must agree on reason,
    /// type, amount and `revoke`; the first item carries them.
    init(_ request: Subscriptions_V1_RequestRefundRequest) throws(EngineRejection) {
        guard let first = request.items.first else {
            throw EngineRejection(.invalidArgument, error: .nullItems, field: "items", "items is required")
        }
        for (index, item) in request.items.enumerated().dropFirst()
        where item.refundReason != first.refundReason || item.refundType != first.refundType
            || item.revoke != first.revoke || item.refundAmount != first.refundAmount
        {
            throw EngineRejection(
                .unimplemented, field: "items[\(index)]",
                "items[\(index)] differs from items[0]: per-item refund terms are not emulated")
        }
        self.init(
            transactionId: request.transactionID,
            requestInfo: RequestInfo(present: request.hasRequestInfo, request.requestInfo),
            refundType: RefundType(first.refundType), refundReason: RefundReason(first.refundReason),
            refundAmount: first.hasRefundAmount ? Milliunits(first.refundAmount.value) : nil, revoke: first.revoke)
    }
}

extension ChangeMetadataRequest {
    init(_ request: Subscriptions_V1_ChangeMetadataRequest) {
        self.init(
            transactionId: request.transactionID,
            requestInfo: RequestInfo(present: request.hasRequestInfo, request.requestInfo),
            descriptors: request.hasDescriptors ? EffectiveDescriptors(request.descriptors) : nil,
            items: request.items.map {
                MetadataItem(currentSKU: $0.currentSku, sku: $0.sku, displayName: $0.displayName, description: $0.description_p)
            })
    }
}

extension MigrateSubscriptionRequest {
    /// Migrate items carry no price: the engine prices them from the in-app product.
    init(_ request: Subscriptions_V1_MigrateSubscriptionRequest) {
        self.init(
            transactionId: request.transactionID,
            requestInfo: RequestInfo(present: request.hasRequestInfo, request.requestInfo),
            descriptors: request.hasDescriptors
                ? SubscriptionDescriptors(
                    displayName: request.descriptors.displayName, description: request.descriptors.description_p)
                : nil,
            items: request.items.map {
                AdvancedCommerceItem(sku: $0.sku, displayName: $0.displayName, description: $0.description_p, price: .zero)
            },
            targetProductId: request.targetProductID, taxCode: request.taxCode)
    }
}
