import AppleErrorCatalog
import Foundation

/// The body of Apple's Configure Default Message (`DefaultConfigurationRequest`).
public struct DefaultConfigurationRequest: ValidatedRequest, Hashable {
    /// The APPROVED message to show by default.
    public var messageIdentifier: UUIDString

    public static var errorFamily: APIError.Origin { .appStoreServerAPI }

    /// Creates a body.
    public init(messageIdentifier: UUIDString) { self.messageIdentifier = messageIdentifier }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case messageIdentifier
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let identifier = fields.required(.messageIdentifier, as: UUIDString.self)
        try fields.finish()
        guard let identifier else { throw fields.inconsistency() }
        self.init(messageIdentifier: identifier)
    }
}

/// The body of Apple's Configure Realtime URL (`RealtimeUrlRequest`): an http or https URL of at
/// most 256 characters (`BadRequestRealtimeUrlError` 4000215 otherwise).
public struct RealtimeUrlRequest: ValidatedRequest, Hashable {
    public var realtimeURL: String

    public static var errorFamily: APIError.Origin { .appStoreServerAPI }

    /// Creates a body.
    public init(realtimeURL: String) { self.realtimeURL = realtimeURL }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case realtimeURL
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let url = fields.check(fields.required(.realtimeURL, as: String.self), .realtimeURL, error: .badRequestRealtimeURL) {
            Self.problem(with: $0)
        }
        try fields.finish()
        guard let url else { throw fields.inconsistency() }
        self.init(realtimeURL: url)
    }

    /// What is wrong with `text` as a Get Retention Message URL; nil when nothing is.
    static func problem(with text: String) -> String? {
        guard text.count <= 256 else { return "must be at most 256 characters, got \(text.count)" }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else { return "must be an http or https URL, got \"\(text.prefix(80))\"" }
        return nil
    }
}

/// The body of Apple's Initiate Performance Test (`PerformanceTestRequest`).
public struct PerformanceTestRequest: ValidatedRequest, Hashable {
    /// A subscription of the app, named by its original transaction id.
    public var originalTransactionId: String

    public static var errorFamily: APIError.Origin { .appStoreServerAPI }

    /// Creates a body.
    public init(originalTransactionId: String) { self.originalTransactionId = originalTransactionId }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case originalTransactionId
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let original = fields.identifier(.originalTransactionId)
        try fields.finish()
        guard let original else { throw fields.inconsistency() }
        self.init(originalTransactionId: original)
    }
}

/// Ours: the operator's review of an image or message (`PUT /v1/retention/images/{id}/review`,
/// `…/messages/{id}/review`): `state` APPROVED, REJECTED or PENDING, as App Store review would.
public struct RetentionReviewRequest: ValidatedRequest, Hashable {
    /// The review state.
    public enum State: String, StrictStringEnum, Sendable {
        case pending = "PENDING"
        case approved = "APPROVED"
        case rejected = "REJECTED"

        static var invalidValueError: APIError? { nil }

        public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
    }

    public var state: State

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a body.
    public init(state: State) { self.state = state }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case state
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let state = fields.required(.state, as: State.self)
        try fields.finish()
        guard let state else { throw fields.inconsistency() }
        self.init(state: state)
    }
}

/// Ours: the subscriber's answer to a retention offer (`POST /v1/subscriptions/retention/answer`).
public struct RetentionAnswerRequest: ValidatedRequest, Hashable {
    /// The answer.
    public enum Answer: String, StrictStringEnum, Sendable {
        case keep = "KEEP"
        case acceptOffer = "ACCEPT_OFFER"
        case switchPlan = "SWITCH_PLAN"
        case cancel = "CANCEL"

        static var invalidValueError: APIError? { nil }

        public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
    }

    public var originalTransactionId: String
    public var answer: Answer
    /// The offer answered; nil = the open one.
    public var requestIdentifier: UUIDString?

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a body.
    public init(originalTransactionId: String, answer: Answer, requestIdentifier: UUIDString? = nil) {
        self.originalTransactionId = originalTransactionId
        self.answer = answer
        self.requestIdentifier = requestIdentifier
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case originalTransactionId, answer, requestIdentifier
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let original = fields.identifier(.originalTransactionId)
        let answer = fields.required(.answer, as: Answer.self)
        let request = fields.optional(.requestIdentifier, as: UUIDString.self)
        try fields.finish()
        guard let original, let answer else { throw fields.inconsistency() }
        self.init(originalTransactionId: original, answer: answer, requestIdentifier: request)
    }
}
