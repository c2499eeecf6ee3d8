import AppleErrorCatalog

/// Any in-app Advanced Commerce request, chosen by its `operation`. Use this when one endpoint
/// accepts every operation; an unknown `operation` is rejected with `InvalidOperation` (4000172).
public enum InAppRequest: ValidatedRequest, Hashable {
    /// CREATE_SUBSCRIPTION.
    case create(CreateSubscriptionRequest)
    /// MODIFY_SUBSCRIPTION.
    case modify(ModifySubscriptionRequest)
    /// REACTIVATE_SUBSCRIPTION.
    case reactivate(ReactivateSubscriptionRequest)

    public static var errorFamily: APIError.Origin { .advancedCommerceAPI }

    /// The request's operation.
    public var operation: InAppOperation {
        switch self {
        case .create: .createSubscription
        case .modify: .modifySubscription
        case .reactivate: .reactivateSubscription
        }
    }

    /// The request's `requestInfo`.
    public var requestInfo: RequestInfo {
        switch self {
        case .create(let request): request.requestInfo
        case .modify(let request): request.requestInfo
        case .reactivate(let request): request.requestInfo
        }
    }

    public init(from decoder: any Decoder) throws {
        let allowed = InAppOperation.allCases.map(\.rawValue).joined(separator: ", ")
        let container: KeyedDecodingContainer<JSONKey>
        do {
            container = try decoder.container(keyedBy: JSONKey.self)
        } catch {
            throw decoder.invalid("expected an object", kind: .wrongType, error: nil)
        }
        let key = JSONKey(stringValue: "operation")
        guard container.contains(key), (try? container.decodeNil(forKey: key)) == false else {
            throw ValidationError(ValidationIssue(
                path: "operation", message: "missing; expected one of \(allowed)", kind: .missingField,
                error: .invalidOperation))
        }
        let raw: String
        do {
            raw = try container.decode(String.self, forKey: key)
        } catch let error as DecodingError {
            throw ValidationError(ValidationIssue(error, error: .invalidOperation))
        }
        switch InAppOperation(rawValue: raw) {
        case .createSubscription: self = .create(try CreateSubscriptionRequest(from: decoder))
        case .modifySubscription: self = .modify(try ModifySubscriptionRequest(from: decoder))
        case .reactivateSubscription: self = .reactivate(try ReactivateSubscriptionRequest(from: decoder))
        case nil:
            throw ValidationError(ValidationIssue(
                path: "operation", message: "expected one of \(allowed), got \"\(raw)\"", kind: .invalidValue,
                error: .invalidOperation))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .create(let request): try request.encode(to: encoder)
        case .modify(let request): try request.encode(to: encoder)
        case .reactivate(let request): try request.encode(to: encoder)
        }
    }
}
