import AMQPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Prometheus
import SubscriptionAPI
import SubscriptionTrust
import Testing

@testable import SubscriptionProducer

/// The HTTP surface without a broker: what the producer answers before any command is sent
/// (unknown routes, wrong methods, deadlines it refuses). Nothing here reaches the broker.
@Suite("Producer HTTP surface")
struct HTTPSurfaceTests {
    static let requestTimeout = HTTPFields.Element.Name("X-Request-Timeout")!
    static let purchaseBody = #"{"customerId": "c-1", "productId": "com.example.monthly", "storefront": "USA"}"#

    /// The producer's router over a dispatcher that is never connected.
    static func withRouter(_ test: @escaping @Sendable (AuthorizedClient) async throws -> Void) async throws {
        let logger = Logger(label: "unused")
        let connection = AMQPConnection(configuration: try AMQPConfiguration(url: "amqp://guest:guest@127.0.0.1:1/"), logger: logger)
        let registry = PrometheusCollectorRegistry()
        let metrics = ProducerMetrics(factory: ProducerMetrics.prometheusFactory(registry: registry))
        let dispatcher = CommandDispatcher(connection: connection, configuration: ProducerConfiguration(), metrics: metrics, logger: logger)
        let gateway = CommandGateway(dispatcher: dispatcher, defaultTimeout: .seconds(1), maximumTimeout: .seconds(300), signer: UnsignedTestSigner())
        let router = ProducerRoutes.makeRouter(
            dispatcher: dispatcher, gateway: gateway, registry: registry,
            authentication: BearerTokenVerifier(keys: TestCredentials.keys))
        try await Application(router: router).test(.router) { client in try await test(AuthorizedClient(client: client)) }
    }

    static func error(_ response: TestResponse) throws -> ErrorPayload {
        #expect(response.headers[.contentType] == "application/json")
        return try JSONDecoder().decode(ErrorPayload.self, from: Data(buffer: response.body))
    }

    @Test("an unknown path answers 404 with the API's JSON error body", arguments: [
        ("/v1/purchase", HTTPRequest.Method.post), ("/nothing/here", .get), ("/v1", .get), ("/inApps/v1/subscriptions/a/b/c", .get),
    ])
    func unknownPath(path: String, method: HTTPRequest.Method) async throws {
        try await Self.withRouter { client in
            let response = try await client.execute(uri: path, method: method)
            #expect(response.status == .notFound)
            let body = try Self.error(response)
            #expect(body.errorCode == 4_049_000)
            #expect(body.errorMessage.contains(path))
        }
    }

    @Test("a known path with another method answers 405 with Allow and the JSON error body", arguments: [
        ("/v1/purchases", HTTPRequest.Method.get, "POST"),
        ("/health", .init("TRACE")!, "GET"),
        ("/health", .head, "GET"),
        ("/inApps/v1/subscriptions/extend/mass", .get, "POST"),
        ("/inApps/v1/subscriptions/extend/1000", .post, "PUT"),
        ("/inApps/v1/subscriptions/1000", .delete, "GET"),
        ("/advancedCommerce/v1/subscription/changePrice/1000", .put, "POST"),
    ])
    func wrongMethod(path: String, method: HTTPRequest.Method, allowed: String) async throws {
        try await Self.withRouter { client in
            let response = try await client.execute(uri: path, method: method)
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == allowed)
            if method != .head {
                let body = try Self.error(response)
                #expect(body.errorCode == 4_059_000)
                #expect(body.errorMessage.contains(allowed))
            }
        }
    }

    @Test("a body over the size limit gets the JSON error body too")
    func tooLarge() async throws {
        try await Self.withRouter { client in
            let big = ByteBuffer(repeating: UInt8(ascii: " "), count: CommandGateway.maximumBodySize + 10)
            let response = try await client.execute(uri: "/v1/purchases", method: .post, body: big)
            #expect(response.status == .contentTooLarge)
            #expect(try Self.error(response).errorCode == 4_139_999)
        }
    }

    @Test("X-Request-Timeout under the minimum (100 ms) is refused with 400 naming the header and the minimum", arguments: [
        "1", "99", "0", "-5",
    ])
    func deadlineTooShort(header: String) async throws {
        try await Self.withRouter { client in
            let response = try await client.execute(
                uri: "/v1/purchases", method: .post, headers: [Self.requestTimeout: header],
                body: ByteBuffer(string: Self.purchaseBody))
            #expect(response.status == .badRequest)
            let body = try Self.error(response)
            #expect(body.errorCode == 4_009_004)
            #expect(body.errorMessage.hasPrefix("X-Request-Timeout: must be at least 100 ms"), "\(body.errorMessage)")
        }
    }

    @Test("the deadline rule: 100 ms to the maximum are accepted, the rest refused naming the header")
    func deadlineRange() throws {
        let gateway = CommandGateway(
            dispatcher: CommandDispatcher(
                connection: AMQPConnection(
                    configuration: try AMQPConfiguration(url: "amqp://guest:guest@127.0.0.1:1/"), logger: Logger(label: "unused")),
                configuration: ProducerConfiguration(), metrics: ProducerMetrics(), logger: Logger(label: "unused")),
            defaultTimeout: .seconds(10), maximumTimeout: .seconds(300), signer: UnsignedTestSigner())
        #expect(CommandGateway.minimumTimeout == .milliseconds(100))
        #expect(try gateway.deadline(nil) == .seconds(10))
        #expect(try gateway.deadline("100") == .milliseconds(100))
        #expect(try gateway.deadline("300000") == .seconds(300))
        for refused in ["99", "300001", "soon", ""] {
            let error = #expect(throws: ValidationError.self) { try gateway.deadline(refused) }
            #expect(error?.names("X-Request-Timeout") == true)
        }
    }

    @Test("path parameters are percent-decoded before validation: an encoded space is refused, an encoded long character counts once")
    func percentDecodedPath() async throws {
        try await Self.withRouter { client in
            let body = ByteBuffer(string: #"{"requestInfo": {"requestReferenceId": "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e10"}}"#)
            let space = try await client.execute(
                uri: "/advancedCommerce/v1/subscription/cancel/a%20b", method: .post, body: body)
            #expect(space.status == .badRequest)
            #expect(try Self.error(space).errorMessage.contains("transactionId"))
            // 40 characters of 4 UTF-8 bytes: 480 characters encoded, 40 decoded, within 1…128.
            let encoded = String(repeating: "%F0%9F%98%80", count: 40)
            let long = try await client.execute(
                uri: "/advancedCommerce/v1/subscription/cancel/\(encoded)", method: .post, body: body)
            #expect(long.status == .serviceUnavailable, "valid, so it reached the (absent) broker: \(String(buffer: long.body))")
        }
    }
}
