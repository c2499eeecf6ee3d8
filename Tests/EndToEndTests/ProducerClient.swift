import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to the producer's HTTP API as an App Store-facing service would.
struct ProducerClient: Sendable {
    let baseURL: URL
    /// Sends the stack's operator token on every request (docs/signing-and-auth.md).
    var credentials: StackCredentials?

    /// A response: status and decoded JSON object (empty when the body is not an object).
    struct Response: @unchecked Sendable, CustomStringConvertible {
        // @unchecked: `json` holds only Foundation JSON values, read on one task.
        var status: Int
        var json: [String: Any]
        var body: String

        var description: String { "HTTP \(status) \(body)" }

        /// A nested value by a path of keys, e.g. `value("renewalInfo", "productId")`.
        func value(_ path: String...) -> Any? {
            var current: Any? = json
            for key in path { current = (current as? [String: Any])?[key] }
            return current
        }
    }

    func send(
        _ method: String, _ path: String, json: [String: Any]? = nil, headers: [String: String] = [:]
    ) async throws -> Response {
        var request = URLRequest(url: baseURL.appending(path: path))
        request.httpMethod = method
        request.timeoutInterval = 30
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let authorization = try credentials?.authorization() { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Response(status: status, json: object, body: String(decoding: data, as: UTF8.self))
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
        let (data, response) = try await URLSession.shared.data(for: request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Response(status: (response as? HTTPURLResponse)?.statusCode ?? 0, json: object, body: String(decoding: data, as: UTF8.self))
    }
}
