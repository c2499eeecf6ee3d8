import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to the producer's HTTP API as an App Store-facing service would.
struct ProducerClient: Sendable {
    let baseURL: URL
    /// Sends the stack's operator token on every request (docs/signing-and-auth.md).
    var credentials: StackCredentials?
    /// The session requests go through (`.shared` allows only a few connections per host).
    var session: URLSession = .shared

    /// A response: status and decoded JSON object (empty when the body is not an object).
    struct Response: @unchecked Sendable, CustomStringConvertible {
        // @unchecked: `json` holds only Foundation JSON values, read on one task.
        var status: Int
        var json: [String: Any]
        var body: String
        /// Response headers by name as sent (e.g. `Allow`).
        var headers: [String: String] = [:]

        var description: String { "HTTP \(status) \(body)" }

        /// A response header, by name in any case.
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// A nested value by a path of keys, e.g. `value("renewalInfo", "productId")`.
        func value(_ path: String...) -> Any? {
            var current: Any? = json
            for key in path { current = (current as? [String: Any])?[key] }
            return current
        }
    }

    func send(
        _ method: String, _ path: String, json: [String: Any]? = nil, headers: [String: String] = [:],
        timeout: TimeInterval = 30
    ) async throws -> Response {
        // `path` may end in a query (`?preview=true`), which `appending(path:)` would escape.
        let parts = path.split(separator: "?", maxSplits: 1)
        var url = baseURL.appending(path: String(parts.first ?? ""))
        if parts.count == 2 { url = URL(string: "\(url.absoluteString)?\(parts[1])") ?? url }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = timeout
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let authorization = try credentials?.authorization() { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return Response(
            status: http?.statusCode ?? 0, json: object, body: String(decoding: data, as: UTF8.self), headers: headers)
    }

    func post(_ path: String, _ json: [String: Any], headers: [String: String] = [:]) async throws -> Response {
        try await send("POST", path, json: json, headers: headers)
    }

    func postRaw(_ path: String, body: String) async throws -> Response {
        var request = URLRequest(url: baseURL.appending(path: path))
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let authorization = try credentials?.authorization() { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.data(for: request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Response(status: (response as? HTTPURLResponse)?.statusCode ?? 0, json: object, body: String(decoding: data, as: UTF8.self))
    }
}
