import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The producer's HTTP API as the chaos run's clients use it: every command request carries an
/// idempotency key, so a retry after a 504, a 503 or a dropped connection is safe.
struct ChaosHTTP: Sendable {
    /// What one attempt came back with.
    enum Attempt: Sendable {
        /// A final answer: the HTTP status, the `X-Command-Id`, and the JSON object.
        case answered(status: Int, commandID: String?, json: [String: any Sendable])
        /// 504: published, no reply in time (retry with the same key).
        case timedOut
        /// 503, or the connection failed (producer or broker down): retry.
        case unavailable(String)
    }

    let baseURL: URL
    let session: URLSession
    let credentials: ChaosCredentials

    init(port: Int, credentials: ChaosCredentials) {
        self.credentials = credentials
        baseURL = URL(string: "http://127.0.0.1:\(port)/")!  // built from an integer port: valid
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 256
        configuration.timeoutIntervalForRequest = 20
        session = URLSession(configuration: configuration)
    }

    /// One attempt of `method path` with `json`, the idempotency key and a deadline.
    func send(
        _ method: String, _ path: String, json: [String: any Sendable]? = nil, key: String, deadlineMilliseconds: Int = 5000
    ) async -> Attempt {
        var request = URLRequest(url: baseURL.appending(path: path))
        request.httpMethod = method
        request.setValue(key, forHTTPHeaderField: "Idempotency-Key")
        request.setValue(credentials.authorization(), forHTTPHeaderField: "Authorization")
        request.setValue(String(deadlineMilliseconds), forHTTPHeaderField: "X-Request-Timeout")
        if let json {
            request.httpBody = try? JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { return .unavailable("not an HTTP response") }
            switch http.statusCode {
            case 504: return .timedOut
            case 503: return .unavailable("503")
            default:
                let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
                var sendable: [String: any Sendable] = [:]
                for (name, value) in object {
                    if let text = value as? String { sendable[name] = text } else if let number = value as? Int { sendable[name] = number }
                }
                if http.statusCode >= 400 { sendable["body"] = String(decoding: data.prefix(300), as: UTF8.self) }
                return .answered(
                    status: http.statusCode, commandID: http.value(forHTTPHeaderField: "X-Command-Id"), json: sendable)
            }
        } catch {
            return .unavailable("\(error)")
        }
    }

    /// Whether the producer answers `/health` with 200.
    func isHealthy() async -> Bool {
        var request = URLRequest(url: baseURL.appending(path: "health"))
        request.timeoutInterval = 2
        guard let (_, response) = try? await session.data(for: request) else { return false }
        return (response as? HTTPURLResponse)?.statusCode == 200
    }
}

/// Whether `http://127.0.0.1:port/health` answers 200 (the consumer's probe).
func isHealthy(port: Int) async -> Bool {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/health")!)  // integer port: valid
    request.timeoutInterval = 2
    guard let (_, response) = try? await URLSession.shared.data(for: request) else { return false }
    return (response as? HTTPURLResponse)?.statusCode == 200
}
