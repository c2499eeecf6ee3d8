/// The 200 body of every Advanced Commerce server endpoint: the subscription's latest transaction and
/// renewal info after the change, as JWS (signed when encoded with a signer, see ``SignedPayload``).
public struct AdvancedCommerceResponse: Codable, Sendable, Hashable {
    /// The latest transaction.
    public var signedTransactionInfo: SignedPayload<JWSTransactionDecodedPayload>
    /// The renewal info.
    public var signedRenewalInfo: SignedPayload<JWSRenewalInfoDecodedPayload>

    /// Creates a response.
    public init(
        signedTransactionInfo: SignedPayload<JWSTransactionDecodedPayload>,
        signedRenewalInfo: SignedPayload<JWSRenewalInfoDecodedPayload>
    ) {
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
    }
}

/// Answer of Change Subscription Price.
public typealias PriceChangeResponse = AdvancedCommerceResponse
/// Answer of Change Subscription Metadata.
public typealias ChangeMetadataResponse = AdvancedCommerceResponse
/// Answer of Cancel a Subscription.
public typealias CancelSubscriptionResponse = AdvancedCommerceResponse
/// Answer of Revoke Subscription.
public typealias RevokeSubscriptionResponse = AdvancedCommerceResponse
/// Answer of Migrate a Subscription.
public typealias MigrateSubscriptionResponse = AdvancedCommerceResponse
/// Answer of Request Transaction Refund.
public typealias RequestRefundResponse = AdvancedCommerceResponse
