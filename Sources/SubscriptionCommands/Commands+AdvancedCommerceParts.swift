import SubscriptionAPI
import SubscriptionMessages
import SwiftProtobuf

/// The building blocks of Advanced Commerce requests, SubscriptionAPI → wire.
extension Subscriptions_V1_RequestInfo {
    init(_ info: RequestInfo) {
        self.init()
        requestReferenceID = info.requestReferenceId.rawValue
        appAccountToken = info.appAccountToken?.rawValue ?? ""
        consistencyToken = info.consistencyToken ?? ""
    }
}

extension Subscriptions_V1_Descriptors {
    init(_ descriptors: Descriptors) {
        self.init()
        displayName = descriptors.displayName.rawValue
        description_p = descriptors.description.rawValue
    }
}

extension Subscriptions_V1_EffectiveDescriptors {
    init(_ descriptors: EffectiveDescriptors) {
        self.init()
        effective = .init(descriptors.effective)
        displayName = descriptors.displayName?.rawValue ?? ""
        description_p = descriptors.description?.rawValue ?? ""
    }
}

extension Subscriptions_V1_Effective {
    init(_ effective: Effective) {
        switch effective {
        case .immediately: self = .immediately
        case .nextBillCycle: self = .nextBillCycle
        }
    }
}

extension Subscriptions_V1_Offer {
    init(_ offer: Offer) {
        self.init()
        period = offer.period.rawValue
        periodCount = offer.periodCount
        price = offer.price
        reason = switch offer.reason {
        case .acquisition: .acquisition
        case .winBack: .winBack
        case .retention: .retention
        }
    }
}

extension Subscriptions_V1_ChangeReason {
    init(_ reason: ChangeReason) {
        switch reason {
        case .upgrade: self = .upgrade
        case .downgrade: self = .downgrade
        case .applyOffer: self = .applyOffer
        }
    }
}

extension Subscriptions_V1_RefundReason {
    init(_ reason: RefundReason) {
        switch reason {
        case .unintendedPurchase: self = .unintendedPurchase
        case .fulfillmentIssue: self = .fulfillmentIssue
        case .unsatisfiedWithPurchase: self = .unsatisfiedWithPurchase
        case .legal: self = .legal
        case .other: self = .other
        case .modifyItemsRefund: self = .modifyItemsRefund
        case .simulateRefundDecline: self = .simulateRefundDecline
        }
    }
}

extension Subscriptions_V1_RefundType {
    init(_ type: RefundType) {
        switch type {
        case .full: self = .full
        case .prorated: self = .prorated
        case .custom: self = .custom
        }
    }
}

extension Subscriptions_V1_CreateItem {
    init(_ item: SubscriptionItem) {
        self.init()
        sku = item.sku.rawValue
        displayName = item.displayName.rawValue
        description_p = item.description.rawValue
        price = item.price
        if let offer = item.offer { self.offer = .init(offer) }
    }
}

extension Subscriptions_V1_ModifyAddItem {
    init(_ item: SubscriptionItem) {
        self.init()
        sku = item.sku.rawValue
        displayName = item.displayName.rawValue
        description_p = item.description.rawValue
        price = item.price
        if let offer = item.offer { self.offer = .init(offer) }
        if let prorated = item.proratedPrice { proratedPrice = Google_Protobuf_Int64Value(prorated) }
    }
}

extension Subscriptions_V1_ModifyChangeItem {
    init(_ item: ChangeItem) {
        self.init()
        currentSku = item.currentSKU.rawValue
        sku = item.sku.rawValue
        displayName = item.displayName.rawValue
        description_p = item.description.rawValue
        price = item.price
        effective = .init(item.effective)
        reason = .init(item.reason)
        if let offer = item.offer { self.offer = .init(offer) }
        if let prorated = item.proratedPrice { proratedPrice = Google_Protobuf_Int64Value(prorated) }
    }
}

extension Subscriptions_V1_PriceChangeItem {
    init(_ item: PriceChangeItem) {
        self.init()
        sku = item.sku.rawValue
        price = item.price
        dependentSkus = item.dependentSKUs?.map(\.rawValue) ?? []
    }
}

extension Subscriptions_V1_RefundItem {
    init(_ item: RequestRefundItem) {
        self.init()
        sku = item.sku.rawValue
        refundReason = .init(item.refundReason)
        refundType = .init(item.refundType)
        revoke = item.revoke
        if let amount = item.refundAmount { refundAmount = Google_Protobuf_Int64Value(amount) }
    }
}

extension Subscriptions_V1_MetadataItem {
    init(_ item: ChangeMetadataItem) {
        self.init()
        currentSku = item.currentSKU.rawValue
        effective = .init(item.effective)
        sku = item.sku?.rawValue ?? ""
        displayName = item.displayName?.rawValue ?? ""
        description_p = item.description?.rawValue ?? ""
    }
}

extension Subscriptions_V1_MigrateItem {
    init(_ item: SubscriptionAPI.MigrateItem) {
        self.init()
        sku = item.sku.rawValue
        displayName = item.displayName.rawValue
        description_p = item.description.rawValue
    }
}
