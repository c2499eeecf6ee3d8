import AMQPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Prometheus
import ServiceTestSupport
import SubscriptionAPI
import SubscriptionCommands
import SubscriptionMessages
import Testing

@testable import SubscriptionProducer

/// The HTTP API against a real broker (AMQP_URL), with ``TestReplier`` in the consumer's place.
@Suite("Producer over HTTP and AMQP", .serialized, .requiresBroker)
struct ProducerHTTPTests {
    typealias Answer = @Sendable (Subscriptions_V1_CommandEnvelope) -> Subscriptions_V1_CommandReply?

    static let purchaseBody = #"{"customerId": "c-1", "productId": "com.example.monthly", "storefront": "USA"}"#
    static let idempotencyKey = HTTPFields.Element.Name("Idempotency-Key")!
    static let requestTimeout = HTTPFields.Element.Name("X-Request-Timeout")!
    static let traceparent = HTTPFields.Element.Name("traceparent")!
    static let commandID = HTTPFields.Element.Name("X-Command-Id")!

    /// Runs `test` with a producer on a fresh prefixed topology and a replier answering with `answer`.
    /// `/metrics` renders `registry`.
    func withProducer(
        answer: @escaping Answer, registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
        _ test: @escaping @Sendable (AuthorizedClient, TestReplier) async throws -> Void
    ) async throws {
        let prefix = ProducerTestBus.uniquePrefix()
        let topology = CommandTopology(prefix: prefix, queueExpiry: .seconds(600))
        let configuration = ProducerConfiguration(
            amqpURL: TestBroker.url, replyTimeout: .seconds(5), topology: topology, serviceName: "producer-tests")
        let app = try buildApplication(
            configuration: configuration, logger: ProducerTestBus.logger, registry: registry,
            metrics: ProducerMetrics(factory: ProducerMetrics.prometheusFactory(registry: registry)),
            identity: TestCredentials.identity, apiKeys: TestCredentials.keys)
        try await app.test(.router) { client in
            try await Self.waitUntilReady(client)
            let (replier, task) = try await TestReplier.start(queue: topology.commandsQueue, answer: answer)
            defer { task.cancel() }
            try await test(AuthorizedClient(client: client), replier)
            task.cancel()
            await replier.close()
        }
    }

    /// Waits for `/health` to answer 200: connected and consuming the reply queue. 30 s, for a
    /// full test run on a loaded 2-core machine (10 s was seen to be too short there).
    static func waitUntilReady(_ client: any TestClientProtocol) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if try await client.execute(uri: "/health", method: .get).status == .ok { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the producer did not become ready within 30 s")
    }

    /// A replier that never answers.
    static func noReply(_: Subscriptions_V1_CommandEnvelope) -> Subscriptions_V1_CommandReply? { nil }

    static func purchaseReply(_ envelope: Subscriptions_V1_CommandEnvelope) -> Subscriptions_V1_CommandReply {
        var reply = Subscriptions_V1_CommandReply()
        reply.result = .purchase(.with {
            $0.subscription.transactionInfo = .with {
                $0.transactionID = "1001"
                $0.originalTransactionID = "1001"
                $0.productID = envelope.purchase.productID
            }
            $0.subscription.renewalInfo = .with { $0.autoRenewStatus = true }
        })
        return reply
    }

    @Test("a purchase is published with the contract's properties and answered with the reply's JSON")
    func purchaseRoundTrip() async throws {
        try await withProducer(answer: Self.purchaseReply) { client, replier in
            let trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
            let response = try await client.execute(
                uri: "/v1/purchases", method: .post, headers: [Self.traceparent: trace],
                body: ByteBuffer(string: Self.purchaseBody))
            #expect(response.status == .ok)
            let body = try JSONDecoder().decode(AdvancedCommerceResponse.self, from: Data(buffer: response.body))
            #expect(body.signedTransactionInfo.payload.productId == "com.example.monthly")
            #expect(body.signedRenewalInfo.payload.autoRenewStatus == 1)

            let received = try #require(replier.commands.first)
            let envelope = received.envelope
            #expect(received.routingKey == CommandRoute.purchase.routingKey)
            #expect(envelope.purchase.customerID == "c-1")
            #expect(envelope.schemaVersion == 1)
            #expect(envelope.traceContext.traceparent == trace)
            #expect(envelope.hasIssuedAt && envelope.hasDeadline)
            #expect(envelope.deadline.seconds - envelope.issuedAt.seconds <= 5)
            let properties = received.properties
            #expect(properties.messageId == envelope.commandID)
            #expect(properties.correlationId == envelope.commandID)
            #expect(properties.replyTo?.hasPrefix("test.producer.") == true)
            #expect(properties.replyTo?.contains("subscriptions.replies.") == true)
            #expect(properties.contentType == "application/x-protobuf")
            #expect(properties.type == "subscriptions.v1.CommandEnvelope")
            #expect(properties.appId == "producer-tests")
            #expect(properties.persistent)
            let expiration = try #require(properties.expiration.flatMap(Int.init))
            #expect((1...5000).contains(expiration))
            #expect(properties.headers["x-schema-version"]?.int64Value == 1)
            #expect(properties.headers["traceparent"]?.stringValue == trace)
            #expect(response.headers[Self.commandID] == envelope.commandID)
        }
    }

    @Test("without a traceparent the producer starts a trace and sends it in header and envelope")
    func generatedTraceparent() async throws {
        try await withProducer(answer: Self.purchaseReply) { client, replier in
            let response = try await client.execute(
                uri: "/v1/purchases", method: .post, body: ByteBuffer(string: Self.purchaseBody))
            #expect(response.status == .ok)
            let received = try #require(replier.commands.first)
            let trace = received.envelope.traceContext.traceparent
            #expect(TraceContext.isValid(trace))
            #expect(received.properties.headers["traceparent"]?.stringValue == trace)
        }
    }

    @Test("an error reply with Apple's code answers its HTTP status and Apple's body")
    func appleErrorReply() async throws {
        let answer: Answer = { _ in
            var reply = Subscriptions_V1_CommandReply()
            reply.status = .failedPrecondition
            reply.error = .with {
                $0.appleErrorCode = 4_030_004
                $0.appleErrorName = "SubscriptionExtensionIneligibleError"
                $0.message = "subscription 1000 is in a free trial"
                $0.httpStatus = 403
            }
            return reply
        }
        try await withProducer(answer: answer) { client, replier in
            let response = try await client.execute(
                uri: "/inApps/v1/subscriptions/extend/1000", method: .put,
                body: ByteBuffer(string: #"{"extendByDays": 10, "extendReasonCode": 1, "requestIdentifier": "req-1"}"#))
            #expect(response.status == .forbidden)
            let body = try JSONDecoder().decode(ErrorPayload.self, from: Data(buffer: response.body))
            #expect(body == ErrorPayload(errorCode: 4_030_004, errorMessage: "subscription 1000 is in a free trial"))
            let envelope = try #require(replier.commands.first?.envelope)
            #expect(envelope.extendRenewalDate.originalTransactionID == "1000")
            #expect(envelope.commandID == CommandIdentity.commandID(route: .extendRenewalDate, idempotencyKey: "req-1"))
        }
    }

    @Test("no reply before X-Request-Timeout answers 504 with an error body")
    func deadline() async throws {
        try await withProducer(answer: Self.noReply) { client, replier in
            let start = ContinuousClock.now
            let response = try await client.execute(
                uri: "/v1/purchases", method: .post, headers: [Self.requestTimeout: "300"],
                body: ByteBuffer(string: Self.purchaseBody))
            #expect(response.status == .gatewayTimeout)
            #expect(ContinuousClock.now - start < .seconds(3))
            let body = try JSONDecoder().decode(ErrorPayload.self, from: Data(buffer: response.body))
            #expect(body.errorCode == 5_049_000)
            let properties = try #require(replier.commands.first?.properties)
            #expect(properties.expiration.flatMap(Int.init).map { $0 <= 300 } == true)
        }
    }

    @Test("a malformed body answers 400 naming the field and publishes nothing")
    func validation() async throws {
        try await withProducer(answer: Self.purchaseReply) { client, replier in
            let response = try await client.execute(
                uri: "/v1/purchases", method: .post,
                body: ByteBuffer(string: #"{"customerId": "c-1", "productId": "p", "storefront": "usa"}"#))
            #expect(response.status == .badRequest)
            let body = try JSONDecoder().decode(ErrorPayload.self, from: Data(buffer: response.body))
            #expect(body.errorMessage.contains("storefront"))
            let broken = try await client.execute(
                uri: "/advancedCommerce/v1/subscription/cancel/77", method: .post, body: ByteBuffer(string: "{"))
            #expect(broken.status == .badRequest)
            let timeout = try await client.execute(
                uri: "/v1/purchases", method: .post, headers: [Self.requestTimeout: "soon"],
                body: ByteBuffer(string: Self.purchaseBody))
            #expect(timeout.status == .badRequest)
            #expect(String(buffer: timeout.body).contains("X-Request-Timeout"))
            // A valid command afterwards is the first (and only) one the consumer sees.
            _ = try await client.execute(uri: "/v1/purchases", method: .post, body: ByteBuffer(string: Self.purchaseBody))
            #expect(replier.commands.count == 1)
        }
    }

    @Test("replaying an Idempotency-Key sends the same command_id; another key another one")
    func idempotencyKeyReplay() async throws {
        try await withProducer(answer: Self.purchaseReply) { client, replier in
            for key in ["key-a", "key-a", "key-b"] {
                let response = try await client.execute(
                    uri: "/v1/purchases", method: .post, headers: [Self.idempotencyKey: key],
                    body: ByteBuffer(string: Self.purchaseBody))
                #expect(response.status == .ok)
            }
            let ids = replier.commands.map(\.envelope.commandID)
            #expect(ids.count == 3)
            #expect(ids[0] == ids[1])
            #expect(ids[0] != ids[2])
            #expect(ids[0] == CommandIdentity.commandID(route: .purchase, idempotencyKey: "key-a"))
        }
    }

    @Test("health, metrics (Hummingbird's, under the dashboard's names) and the OpenAPI document are served")
    func operations() async throws {
        // Hummingbird's middleware records through the process's metrics backend, as in `main`;
        // other tests of this process count requests there too, so counts are at least one.
        try await withProducer(answer: Self.purchaseReply, registry: TestMetrics.registry) { client, _ in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(String(buffer: health.body) == #"{"status":"ready"}"#)
            _ = try await client.execute(uri: "/v1/purchases", method: .post, body: ByteBuffer(string: Self.purchaseBody))
            _ = try await client.execute(uri: "/no/such/route", method: .get)
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            let lines = metrics.split(separator: "\n")
            func count(_ series: String) -> Int {
                lines.first { $0.hasPrefix(series + " ") }.flatMap { Int($0.dropFirst(series.count + 1)) } ?? 0
            }
            #expect(count(#"http_requests_total{route="/v1/purchases",method="POST",status="200"}"#) >= 1, "\(metrics)")
            #expect(count(#"http_requests_total{route="unmatched",method="GET",status="404"}"#) >= 1, "\(metrics)")
            #expect(count(#"http_request_duration_seconds_count{route="/v1/purchases",method="POST"}"#) >= 1, "\(metrics)")
            #expect(metrics.contains(#"http_request_duration_seconds_bucket{route="/v1/purchases",method="POST",le="0.005"}"#))
            #expect(!metrics.contains("hb_requests") && !metrics.contains("http.route"), "no metric left under Hummingbird's names")
            let document = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(String(buffer: document.body).hasPrefix("openapi: 3.1"))
        }
    }
}
