import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The sender over AsyncHTTPClient (SwiftNIO): HTTP and HTTPS with the system's CA store,
/// kept-alive connections pooled per receiver, a deadline per attempt, redirects followed as a
/// browser does (docs/notifications.md, "HTTP client").
public struct HTTPClientSender: NotificationSender {
    private let client: HTTPClient

    /// A sender over `client`; by default the process's shared one, which needs no shutdown.
    public init(client: HTTPClient = .shared) {
        self.client = client
    }

    public func send(_ body: Data, to url: URL, timeout: Duration) async -> SendOutcome {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "subscriptions-notifier")
        request.body = .bytes(ByteBuffer(bytes: body))
        let status: Int
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
            status = Int(response.status.code)
            // Read to its end, so the connection can serve the next attempt; what it says does
            // not count (Apple reads only the status).
            _ = try? await response.body.collect(upTo: Self.largestBody)
        } catch {
            return SendOutcome(result: Self.result(of: error), httpStatus: nil)
        }
        return SendOutcome(result: (200...206).contains(status) ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE", httpStatus: status)
    }

    /// The most of an answer's body read; a longer one closes its connection.
    static let largestBody = 64 * 1024

    /// Apple's name for a transport failure.
    static func result(of error: any Error) -> String {
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                "TIMED_OUT"
            case .redirectLimitReached, .redirectCycleDetected: "CIRCULAR_REDIRECT"
            case .remoteConnectionClosed: "PREMATURE_CLOSE"
            default: "OTHER"
            }
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError: "TLS_ISSUE"
        case is NIOConnectionError, is IOError, is ChannelError: "SOCKET_ISSUE"
        case is HTTPParserError: "INVALID_RESPONSE"
        default: "OTHER"
        }
    }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating).
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
