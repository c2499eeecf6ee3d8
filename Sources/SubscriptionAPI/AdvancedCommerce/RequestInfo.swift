/// `requestInfo`, common to every Advanced Commerce request.
public struct RequestInfo: Codable, Sendable, Hashable {
    /// The request's UUID; reuse it only to retry a request that timed out.
    public var requestReferenceId: UUIDString
    /// Copy of `advancedCommerceInfo.consistencyToken` from the latest renewal info; never generated.
    public var consistencyToken: String?
    /// The customer's account token (UUID), if the app uses one.
    public var appAccountToken: UUIDString?

    /// Creates a request info.
    public init(requestReferenceId: UUIDString, consistencyToken: String? = nil, appAccountToken: UUIDString? = nil) {
        self.requestReferenceId = requestReferenceId
        self.consistencyToken = consistencyToken
        self.appAccountToken = appAccountToken
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case requestReferenceId, consistencyToken, appAccountToken
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let reference = fields.required(
            .requestReferenceId, as: UUIDString.self, missing: .nullRequestReferenceId,
            error: .invalidRequestReferenceId)
        let token = fields.check(
            fields.optional(.consistencyToken, as: String.self, error: .invalidConsistencyToken),
            .consistencyToken, error: .invalidConsistencyToken
        ) { $0.isEmpty ? "must not be empty; omit it when none was received" : nil }
        let account = fields.optional(.appAccountToken, as: UUIDString.self, error: .invalidAppAccountToken)
        try fields.finish()
        guard let reference else { throw fields.inconsistency() }
        self.init(requestReferenceId: reference, consistencyToken: token, appAccountToken: account)
    }
}
