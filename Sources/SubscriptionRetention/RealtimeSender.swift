import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one POST to the app's Get Retention Message endpoint gave.
public struct RealtimeAnswer: Sendable, Hashable {
    /// Apple's `SendAttemptResult` name: `SUCCESS` (an HTTP answer 200…206), `TIMED_OUT`,
    /// `UNSUCCESSFUL_HTTP_RESPONSE_CODE`, `SOCKET_ISSUE`, ….
    public var result: String
    /// The HTTP status; 0 when the endpoint did not answer.
    public var httpStatus: Int
    /// The answer's body (at most ``RealtimeAnswer/maximumBodyBytes`` kept).
    public var body: Data
    /// From the request's start to its end (or to the time limit).
    public var latency: Duration

    /// The most of an answer's body kept.
    public static let maximumBodyBytes = 64 << 10

    public init(result: String, httpStatus: Int, body: Data, latency: Duration) {
        self.result = result
        self.httpStatus = httpStatus
        self.body = body
        self.latency = latency
    }
}

/// POSTs a `RealtimeRequestBody` to the app's endpoint within a time limit.
public protocol RealtimeSender: Sendable {
    func post(_ body: Data, to url: URL, timeout: Duration) async -> RealtimeAnswer
}

/// The sender over Foundation's `URLSession` (libcurl on its own threads, awaited without
/// blocking the cooperative pool), as the notifier's: the request's own timeout, and a race
/// against the time limit so a slow endpoint never holds the caller past it.
public struct URLSessionRealtimeSender: RealtimeSender {
    private let session: URLSession

    /// A sender with its own ephemeral session.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 64
        session = URLSession(configuration: configuration)
    }

    public func post(_ body: Data, to url: URL, timeout: Duration) async -> RealtimeAnswer {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("subscriptions-retention", forHTTPHeaderField: "User-Agent")
        // FoundationNetworking counts a request's timeout in whole seconds (below one, the request
        // times out at once): the time limit itself is the race below.
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        request.timeoutInterval = max(1, seconds.rounded(.up))
        let started = ContinuousClock.now
        let session = self.session
        let prepared = request
        let outcome: RealtimeAnswer? = await withTaskGroup(of: RealtimeAnswer?.self) { group in
            group.addTask {
                do {
                    let (data, response) = try await session.data(for: prepared)
                    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                    let result = status == 0 ? "INVALID_RESPONSE" : (200...206).contains(status) ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
                    return RealtimeAnswer(
                        result: result, httpStatus: status, body: data.prefix(RealtimeAnswer.maximumBodyBytes),
                        latency: started.duration(to: .now))
                } catch let error as URLError {
                    return RealtimeAnswer(result: Self.result(of: error), httpStatus: 0, body: Data(), latency: started.duration(to: .now))
                } catch {
                    return RealtimeAnswer(result: "OTHER", httpStatus: 0, body: Data(), latency: started.duration(to: .now))
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let outcome, outcome.latency <= timeout else {
            return RealtimeAnswer(result: "TIMED_OUT", httpStatus: 0, body: Data(), latency: started.duration(to: .now))
        }
        return outcome
    }

    /// Apple's name for a transport failure.
    static func result(of error: URLError) -> String {
        switch error.code {
        case .timedOut, .cancelled: "TIMED_OUT"
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
