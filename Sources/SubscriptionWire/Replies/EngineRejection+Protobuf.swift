import SubscriptionEngine
import SubscriptionMessages

extension Subscriptions_V1_StatusCode {
    /// The gRPC status of a rejection code.
    init(_ code: EngineRejection.Code) {
        switch code {
        case .invalidArgument: self = .invalidArgument
        case .outOfRange: self = .outOfRange
        case .notFound: self = .notFound
        case .alreadyExists: self = .alreadyExists
        case .failedPrecondition: self = .failedPrecondition
        case .unimplemented: self = .unimplemented
        }
    }
}

extension Subscriptions_V1_ErrorDetail {
    /// Apple's error code, name and HTTP status with our message and field.
    ///
    /// The HTTP status is the one Apple's code carries in its first three digits
    /// (4000010 → 400, 4040005 → 404, 4030004 → 403); without an Apple code it is the
    /// engine's choice for the rejection code (`EngineRejection.httpStatus`).
    public init(_ rejection: EngineRejection) {
        self.init()
        appleErrorCode = Int64(rejection.appleErrorCode ?? 0)
        appleErrorName = rejection.appleErrorCode == nil ? "" : rejection.appleErrorName ?? ""
        message = rejection.message
        field = rejection.field ?? ""
        httpStatus = Self.httpStatus(of: rejection)
    }

    static func httpStatus(of rejection: EngineRejection) -> Int32 {
        if let code = rejection.appleErrorCode, (400..<600).contains(code / 10_000) {
            return Int32(code / 10_000)
        }
        return Int32(clamping: rejection.httpStatus)
    }
}

extension Subscriptions_V1_CommandReply {
    /// A reply refusing `commandId` for `rejection`, with no result.
    public init(commandId: String, rejection: EngineRejection, repliedAt: Timestamp) {
        self.init()
        self.commandID = commandId
        schemaVersion = WireContract.schemaVersion
        status = Subscriptions_V1_StatusCode(rejection.code)
        error = Subscriptions_V1_ErrorDetail(rejection)
        self.repliedAt = repliedAt.protobuf
    }

    /// A successful reply to `commandId` carrying `result`.
    public init(commandId: String, result: Subscriptions_V1_CommandReply.OneOf_Result, repliedAt: Timestamp) {
        self.init()
        self.commandID = commandId
        schemaVersion = WireContract.schemaVersion
        status = .ok
        self.result = result
        self.repliedAt = repliedAt.protobuf
    }
}
