import Foundation

/// What one POST of a notification gave: Apple's `sendAttemptResult` and the status, if any.
public struct SendOutcome: Sendable, Hashable {
    /// `SUCCESS`, `TIMED_OUT`, `UNSUCCESSFUL_HTTP_RESPONSE_CODE`, … (SubscriptionAPI's `SendAttemptResult`).
    public var result: String
    /// The receiver's HTTP status when it answered.
    public var httpStatus: Int?

    /// Whether the receiver acknowledged the notification (HTTP 200…206, as Apple counts it).
    public var isSuccess: Bool { result == "SUCCESS" }

    public init(result: String, httpStatus: Int?) {
        self.result = result
        self.httpStatus = httpStatus
    }
}

/// POSTs `{"signedPayload": "…"}` to a notification URL.
public protocol NotificationSender: Sendable {
    func send(_ body: Data, to url: URL, timeout: Duration) async -> SendOutcome
}
