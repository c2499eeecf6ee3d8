import SubscriptionEngine
import SubscriptionMessages

extension GetTransactionInfoRequest {
    init(_ request: Subscriptions_V1_GetTransactionInfoRequest) {
        self.init(transactionId: request.transactionID)
    }
}

extension TransactionHistoryRequest {
    /// Refuses a filter value that is unset or unknown, naming the field.
    init(_ request: Subscriptions_V1_GetTransactionHistoryRequest) throws(EngineRejection) {
        var types: [ProductTypeFilter] = []
        for (index, value) in request.productTypes.enumerated() {
            guard let type = ProductTypeFilter(value) else {
                throw EngineRejection(
                    .invalidArgument, error: .invalidProductType, field: "productType[\(index)]",
                    "productType[\(index)] is not a product type (\(value.rawValue))")
            }
            types.append(type)
        }
        let ownership: InAppOwnershipType?
        switch request.inAppOwnershipType {
        case .unspecified: ownership = nil
        case .purchased: ownership = .purchased
        case .familyShared: ownership = .familyShared
        case .assigned, .UNRECOGNIZED:
            throw EngineRejection(
                .invalidArgument, error: .invalidInAppOwnershipType, field: "inAppOwnershipType",
                "inAppOwnershipType must be PURCHASED or FAMILY_SHARED")
        }
        let order: HistoryOrder
        switch request.sort {
        case .unspecified, .ascending: order = .ascending
        case .descending: order = .descending
        case .UNRECOGNIZED(let value):
            throw EngineRejection(.invalidArgument, error: .invalidSort, field: "sort", "sort \(value) is unknown")
        }
        guard request.version <= 2 else {
            throw EngineRejection(
                .invalidArgument, error: .invalidValue, field: "version", "version must be 1 or 2, got \(request.version)")
        }
        self.init(
            transactionId: request.transactionID, revision: request.revision,
            startDate: request.hasStartDate ? try Timestamp(request.startDate) : nil,
            endDate: request.hasEndDate ? try Timestamp(request.endDate) : nil, productIds: request.productIds,
            productTypes: types, order: order, subscriptionGroupIdentifiers: request.subscriptionGroupIdentifiers,
            inAppOwnershipType: ownership, revoked: request.hasRevoked ? request.revoked.value : nil,
            version: request.version == 1 ? 1 : 2)
    }
}

extension RefundHistoryRequest {
    init(_ request: Subscriptions_V1_GetRefundHistoryRequest) {
        self.init(transactionId: request.transactionID, revision: request.revision)
    }
}

extension ProductTypeFilter {
    init?(_ value: Subscriptions_V1_ProductType) {
        switch value {
        case .autoRenewableSubscription: self = .autoRenewable
        case .nonRenewingSubscription: self = .nonRenewable
        case .consumable: self = .consumable
        case .nonConsumable: self = .nonConsumable
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension SubscriptionHistoryRequest {
    /// Most events a history carries per subscription.
    public static let maximumEventLimit: UInt32 = 2000
    /// Events per subscription when the request names no limit.
    public static let defaultEventLimit: UInt32 = 500

    /// Refuses a request naming both or neither of `transaction_id` and `customer_id`, or an
    /// event limit over ``maximumEventLimit``.
    init(_ request: Subscriptions_V1_GetSubscriptionHistoryRequest) throws(EngineRejection) {
        guard request.eventLimit <= Self.maximumEventLimit else {
            throw EngineRejection(
                .invalidArgument, error: .invalidValue, field: "eventLimit",
                "eventLimit must be at most \(Self.maximumEventLimit), got \(request.eventLimit)")
        }
        switch (request.transactionID.isEmpty, request.customerID.isEmpty) {
        case (false, true): self.init(.transaction(request.transactionID))
        case (true, false): self.init(.customer(request.customerID))
        case (true, true):
            throw EngineRejection(.invalidArgument, error: .missingField, field: "transactionId", "give transactionId or customerId")
        case (false, false):
            throw EngineRejection(
                .invalidArgument, error: .invalidValue, field: "customerId", "give transactionId or customerId, not both")
        }
    }
}
