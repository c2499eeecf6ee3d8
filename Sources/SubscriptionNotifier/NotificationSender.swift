import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

/// The sender over Foundation's `URLSession` (libcurl on Linux): HTTP and HTTPS with the
/// system's CA store, a timeout per attempt, no new package to build (docs/notifications.md
/// says why not AsyncHTTPClient).
public struct URLSessionSender: NotificationSender {
    private let session: URLSession

    /// A sender with its own ephemeral session (no cookies, no cache).
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    public func send(_ body: Data, to url: URL, timeout: Duration) async -> SendOutcome {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("subscriptions-notifier", forHTTPHeaderField: "User-Agent")
        request.timeoutInterval = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        do {
            let (_, response) = try await session.data(for: request)
            guard let status = (response as? HTTPURLResponse)?.statusCode else {
                return SendOutcome(result: "INVALID_RESPONSE", httpStatus: nil)
            }
            return SendOutcome(result: (200...206).contains(status) ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE", httpStatus: status)
        } catch let error as URLError {
            return SendOutcome(result: Self.result(of: error), httpStatus: nil)
        } catch {
            return SendOutcome(result: "OTHER", httpStatus: nil)
        }
    }

    /// Apple's name for a transport failure.
    static func result(of error: URLError) -> String {
        switch error.code {
        case .timedOut: "TIMED_OUT"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            "TLS_ISSUE"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: "CIRCULAR_REDIRECT"
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet: "SOCKET_ISSUE"
        case .networkConnectionLost: "PREMATURE_CLOSE"
        case .badServerResponse, .cannotParseResponse: "INVALID_RESPONSE"
        case .zeroByteResource: "NO_RESPONSE"
        default: "OTHER"
        }
    }
}
