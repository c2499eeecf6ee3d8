import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2Posix
import GRPCProtobuf
import Hummingbird
import HummingbirdTesting
import Prometheus
import ServiceTestSupport
import SubscriptionCommands
import SubscriptionGRPC
import SubscriptionMessages
import SwiftProtobuf
import Testing

@testable import SubscriptionProducer

/// The gRPC front door (docs/grpc.md) against a real broker (AMQP_URL), with ``TestReplier`` in
/// the consumer's place and grpc-swift's own client, over HTTP/2 on loopback.
@Suite("Producer over gRPC and AMQP", .serialized, .requiresBroker)
struct ProducerGRPCTests {
    typealias Stub = Subscriptions_V1_SubscriptionCommands.Client<HTTP2ClientTransport.Posix>

    /// Runs `test` with a producer serving gRPC on a free port, on a fresh prefixed topology,
    /// and a replier answering with `answer`.
    func withProducer(
        replyTimeout: Duration = .seconds(5), answer: @escaping ProducerHTTPTests.Answer,
        _ test: @escaping @Sendable (Stub, TestReplier) async throws -> Void
    ) async throws {
        let prefix = ProducerTestBus.uniquePrefix()
        let topology = CommandTopology(prefix: prefix, queueExpiry: .seconds(600))
        let port = try FreePort.find()
        let configuration = ProducerConfiguration(
            amqpURL: TestBroker.url, replyTimeout: replyTimeout, topology: topology, serviceName: "producer-tests",
            grpcPort: port)
        let registry = PrometheusCollectorRegistry()
        let app = try buildApplication(
            configuration: configuration, logger: ProducerTestBus.logger, registry: registry,
            metrics: ProducerMetrics(factory: ProducerMetrics.prometheusFactory(registry: registry)),
            identity: TestCredentials.identity, apiKeys: TestCredentials.keys)
        try await app.test(.router) { client in
            try await ProducerHTTPTests.waitUntilReady(client)
            let (replier, task) = try await TestReplier.start(queue: topology.commandsQueue, answer: answer)
            defer { task.cancel() }
            let transport = try HTTP2ClientTransport.Posix(
                target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
            try await withGRPCClient(transport: transport) { grpc in
                try await test(Stub(wrapping: grpc), replier)
            }
            task.cancel()
            await replier.close()
        }
    }

    static func operatorMetadata() throws -> Metadata {
        ["authorization": .string("Bearer \(try TestCredentials.operatorToken())")]
    }

    static let purchase = Subscriptions_V1_PurchaseRequest.with {
        $0.customerID = "c-1"
        $0.productID = "com.example.monthly"
        $0.storefront = "USA"
    }

    /// The `subscriptions.v1.ErrorDetail` in a failed call's `google.rpc.Status` details.
    static func errorDetail(_ error: RPCError) throws -> Subscriptions_V1_ErrorDetail? {
        let status = try #require(try error.unpackGoogleRPCStatus())
        for detail in status.details {
            if let any = detail.any, any.isA(Subscriptions_V1_ErrorDetail.self) {
                return try Subscriptions_V1_ErrorDetail(unpackingAny: any)
            }
        }
        return nil
    }

    @Test("a Purchase is sent with gRPC's deadline, key and trace, and answered with the reply's message")
    func purchaseRoundTrip() async throws {
        try await withProducer(answer: ProducerHTTPTests.purchaseReply) { stub, replier in
            var metadata = try Self.operatorMetadata()
            let trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
            metadata.addString("grpc-key-1", forKey: "idempotency-key")
            metadata.addString(trace, forKey: "traceparent")
            var options = CallOptions.defaults
            options.timeout = .milliseconds(2500)
            let (reply, commandID) = try await stub.purchase(Self.purchase, metadata: metadata, options: options) {
                response in (try response.message, response.metadata.string("x-command-id"))
            }
            #expect(reply.subscription.transactionInfo.productID == "com.example.monthly")

            let received = try #require(replier.commands.first)
            let envelope = received.envelope
            #expect(received.routingKey == CommandRoute.purchase.routingKey)
            #expect(envelope.purchase == Self.purchase)
            #expect(envelope.commandID == CommandIdentity.commandID(route: .purchase, idempotencyKey: "grpc-key-1"))
            #expect(commandID == envelope.commandID)
            #expect(envelope.traceContext.traceparent == trace)
            // The deadline the caller gave, not REPLY_TIMEOUT (5 s here).
            let milliseconds = (envelope.deadline.seconds - envelope.issuedAt.seconds) * 1000
                + Int64(envelope.deadline.nanos - envelope.issuedAt.nanos) / 1_000_000
            #expect((1500...2500).contains(milliseconds), "deadline - issued_at = \(milliseconds) ms")
            let expiration = try #require(received.properties.expiration.flatMap(Int.init))
            #expect((1500...2500).contains(expiration))
        }
    }

    @Test("an error reply is its gRPC status, with Apple's code in the status details and trailers")
    func errorReply() async throws {
        let answer: ProducerHTTPTests.Answer = { _ in
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
        try await withProducer(answer: answer) { stub, _ in
            let request = Subscriptions_V1_ExtendRenewalDateRequest.with {
                $0.originalTransactionID = "1000"
                $0.extendByDays = 10
            }
            let error = await #expect(throws: RPCError.self) {
                try await stub.extendRenewalDate(request, metadata: try Self.operatorMetadata())
            }
            let rpcError = try #require(error)
            #expect(rpcError.code == .failedPrecondition)
            #expect(rpcError.message == "subscription 1000 is in a free trial")
            let detail = try #require(try Self.errorDetail(rpcError))
            #expect(detail.appleErrorCode == 4_030_004)
            #expect(detail.appleErrorName == "SubscriptionExtensionIneligibleError")
            #expect(detail.httpStatus == 403)
            let status = try #require(try rpcError.unpackGoogleRPCStatus())
            let info = try #require(status.details.compactMap(\.errorInfo).first)
            #expect(info.reason == "SubscriptionExtensionIneligibleError")
            #expect(info.domain == "subscriptions.v1")
            #expect(info.metadata["appleErrorCode"] == "4030004")
            #expect(rpcError.metadata.string("apple-error-code") == "4030004")
        }
    }

    @Test("a call without a deadline ends at REPLY_TIMEOUT with DEADLINE_EXCEEDED and 5049000")
    func replyTimeout() async throws {
        try await withProducer(replyTimeout: .milliseconds(800), answer: ProducerHTTPTests.noReply) { stub, replier in
            let started = ContinuousClock.now
            let error = await #expect(throws: RPCError.self) {
                try await stub.purchase(Self.purchase, metadata: try Self.operatorMetadata())
            }
            let elapsed = ContinuousClock.now - started
            let rpcError = try #require(error)
            #expect(rpcError.code == .deadlineExceeded)
            #expect(rpcError.message.contains("no reply from the subscription service within 800 ms"))
            #expect(try Self.errorDetail(rpcError)?.appleErrorCode == 5_049_000)
            #expect(elapsed >= .milliseconds(800) && elapsed < .seconds(5), "\(elapsed)")
            #expect(replier.commands.count == 1)
        }
    }

    @Test("no token is UNAUTHENTICATED, an app key on an operations method PERMISSION_DENIED, on Apple's allowed")
    func authentication() async throws {
        let answer: ProducerHTTPTests.Answer = { envelope in
            guard envelope.route == .getAllSubscriptionStatuses else { return ProducerHTTPTests.purchaseReply(envelope) }
            var reply = Subscriptions_V1_CommandReply()
            reply.result = .getAllSubscriptionStatuses(.with { $0.bundleID = "com.example.news" })
            return reply
        }
        try await withProducer(answer: answer) { stub, replier in
            let missing = await #expect(throws: RPCError.self) { try await stub.purchase(Self.purchase) }
            #expect(missing?.code == .unauthenticated)
            #expect(try missing.flatMap(Self.errorDetail)?.appleErrorCode == 4_019_001)

            let app: Metadata = ["authorization": .string("Bearer \(try TestCredentials.appToken())")]
            let denied = await #expect(throws: RPCError.self) { try await stub.purchase(Self.purchase, metadata: app) }
            #expect(denied?.code == .permissionDenied)
            #expect(denied?.message.contains("operator key") == true)

            let statuses = try await stub.getAllSubscriptionStatuses(.with { $0.transactionID = "1000" }, metadata: app)
            #expect(statuses.bundleID == "com.example.news")
            #expect(replier.commands.map(\.envelope.route) == [.getAllSubscriptionStatuses])
        }
    }

    @Test("the gRPC service has one method per command route, the retention rpcs included")
    func everyRouteServed() {
        let methods = Subscriptions_V1_SubscriptionCommands.Method.descriptors.map(\.method).sorted()
        #expect(methods == CommandRoute.allCases.map(\.methodName).sorted())
        #expect(methods.contains("GetRetentionOffer") && methods.contains("ManageRetentionMessaging"))
    }

    @Test("which calls need an operator key: as on HTTP, Apple's Retention Messaging API takes an app key, its review does not")
    func operatorOnlyCalls() {
        var upload = Subscriptions_V1_ManageRetentionMessagingRequest()
        upload.operation = .uploadImage(Subscriptions_V1_UploadRetentionImage())
        var review = Subscriptions_V1_ManageRetentionMessagingRequest()
        review.operation = .review(Subscriptions_V1_ReviewRetentionContent())
        #expect(!SubscriptionCommandsService.needsOperatorKey(.manageRetentionMessaging(upload)))
        #expect(SubscriptionCommandsService.needsOperatorKey(.manageRetentionMessaging(review)))
        #expect(!SubscriptionCommandsService.needsOperatorKey(.getAppTransactionInfo(Subscriptions_V1_GetAppTransactionInfoRequest())))
        #expect(!SubscriptionCommandsService.needsOperatorKey(.finishTransaction(Subscriptions_V1_FinishTransactionRequest())))
        #expect(SubscriptionCommandsService.needsOperatorKey(.getRetentionOffer(Subscriptions_V1_GetRetentionOfferRequest())))
        #expect(SubscriptionCommandsService.needsOperatorKey(.answerRetentionMessage(Subscriptions_V1_AnswerRetentionMessageRequest())))
        #expect(SubscriptionCommandsService.needsOperatorKey(.recordRetentionResponse(Subscriptions_V1_RecordRetentionResponseRequest())))
        #expect(SubscriptionCommandsService.needsOperatorKey(.purchase(Self.purchase)))
    }

    @Test("grpc-timeout values of every unit are read; malformed ones are ignored")
    func grpcTimeoutHeader() {
        #expect(GRPCTimeout("2500m")?.duration == .milliseconds(2500))
        #expect(GRPCTimeout("3S")?.duration == .seconds(3))
        #expect(GRPCTimeout("1H")?.duration == .seconds(3600))
        #expect(GRPCTimeout("2M")?.duration == .seconds(120))
        #expect(GRPCTimeout("99999999u")?.duration == .microseconds(99_999_999))
        #expect(GRPCTimeout("100n")?.duration == .nanoseconds(100))
        for malformed in ["", "m", "123456789m", "12x", "-1S", "1.5S"] {
            #expect(GRPCTimeout(malformed) == nil, "\(malformed)")
        }
        let maximum = Duration.seconds(300)
        #expect(SubscriptionCommandsService.deadline("1H", default: .seconds(10), maximum: maximum) == maximum)
        #expect(SubscriptionCommandsService.deadline(nil, default: .seconds(10), maximum: maximum) == .seconds(10))
    }
}
