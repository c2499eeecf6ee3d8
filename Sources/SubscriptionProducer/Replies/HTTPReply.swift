import AppleErrorCatalog
import Foundation
import SubscriptionAPI
import SubscriptionMessages

/// An HTTP answer: status and JSON body.
struct HTTPReply: Sendable, Equatable {
    var status: Int
    var body: Data

    /// `value` encoded as JSON with sorted keys; its ``SignedPayload`` fields are signed by
    /// `signer` (unsigned JWS without one).
    init(status: Int, json value: some Encodable, signer: (any PayloadSigner)? = nil) {
        self.status = status
        if let writable = value as? any AppleJSONWritable {
            // The answers of the command routes: written straight into bytes, the same bytes
            // (AppleJSONWriterTests), without JSONEncoder's boxes and key sorting.
            body = (try? writable.appleJSONBytes(signer: signer, capacity: 8192)).map { Data($0) } ?? Self.encodingFailed
        } else {
            body = (try? JSONEncoder.appleJSON(signer: signer).encode(value)) ?? Self.encodingFailed
        }
    }

    private static var encodingFailed: Data { Data(#"{"errorCode":5000000,"errorMessage":"encoding failed"}"#.utf8) }

    /// A reply with no body (Apple answers some operations with only a status).
    init(emptyWithStatus status: Int) {
        self.status = status
        body = Data()
    }

    /// Apple's error body `{"errorCode": …, "errorMessage": …}`.
    init(status: Int, errorCode: Int64, message: String) {
        self.init(status: status, json: ErrorPayload(errorCode: errorCode, errorMessage: message))
    }

    /// The catalog entry `error` answered with its own status, and `message` or its default one.
    init(_ error: AppleError, message: String? = nil) {
        self.init(status: error.httpStatus, errorCode: error.errorCode, message: message ?? error.message)
    }

    /// A 400 (or the error's own status) for a request that failed validation.
    init(_ error: ValidationError) {
        self.init(status: error.httpStatus, json: error.payload)
    }

    /// 503 / 504 for a command without a reply. The codes are ours (Apple defines none for these):
    /// their first three digits are the HTTP status, as for every code of the API.
    init(_ failure: CommandFailure) {
        switch failure.code {
        case .brokerUnavailable, .publishFailed, .cancelled: self.init(.serviceUnavailable, message: failure.message)
        case .deadlineExceeded: self.init(.replyDeadlineExceeded, message: failure.message)
        }
    }
}
