import AMQPClient
import Foundation
import Logging
import ServiceLifecycle
import StableIdentifiers
import SubscriptionAPI
import SubscriptionDeadLetters
import SubscriptionMessages
import SubscriptionStore
import SubscriptionTopology

/// The real-time side of retention messaging (docs/retention-messaging.md): reads the
/// `RETENTION_MESSAGE.RETENTION_REQUESTED` and `RETENTION_PERFORMANCE_TEST.PERFORMANCE_TEST_STARTED`
/// events from its own durable queue (so the command path never waits on the app's endpoint),
/// POSTs Apple's signed `RealtimeRequestBody` to the environment's Get Retention Message URL
/// within the time limit, and hands what the endpoint answered back to the consumer as a command
/// (`RecordRetentionResponse`, or a performance test's result) with a command id derived from
/// the request, so a redelivered event records nothing twice. An event is acked only once that
/// command's publish is confirmed: a restart calls again, it never loses a request.
public final class RetentionCaller: Service {
    let connection: AMQPConnection
    let names: BusNames
    let database: any ConsumerStore
    let signer: any PayloadSigner
    let settings: RetentionSettings
    let sender: any RealtimeSender
    /// The engine's now in milliseconds (the test clock in manual mode): `signedDate`.
    let now: @Sendable () async -> Int64
    let logger: Logger

    /// Events taken at once: real-time calls made side by side.
    static let prefetch: UInt16 = 64

    /// A caller consuming its queue (declared by ``topology(_:)``).
    public init(
        connection: AMQPConnection, names: BusNames, database: any ConsumerStore, signer: any PayloadSigner,
        settings: RetentionSettings, sender: any RealtimeSender = URLSessionRealtimeSender(),
        now: @escaping @Sendable () async -> Int64, logger: Logger
    ) {
        self.connection = connection
        self.names = names
        self.database = database
        self.signer = signer
        self.settings = settings
        self.sender = sender
        self.now = now
        self.logger = logger
    }

    /// The caller's queue, bound to the two events it acts on: quorum, so a request waiting for
    /// its call survives a broker restart.
    public static func topology(_ names: BusNames) -> AMQPTopology {
        AMQPTopology(
            exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)],
            queues: [
                AMQPQueue(name: names.retentionCallerQueue, arguments: ["x-queue-type": .string("quorum")]),
                AMQPQueue(name: names.retentionCallerDeadLetterQueue, arguments: ["x-queue-type": .string("quorum")]),
            ],
            bindings: [
                AMQPBinding(
                    queue: names.retentionCallerQueue, exchange: names.eventsExchange,
                    routingKey: Subscriptions_V1_NotificationEvent.routingKey(.retentionMessage, .retentionRequested)),
                AMQPBinding(
                    queue: names.retentionCallerQueue, exchange: names.eventsExchange,
                    routingKey: Subscriptions_V1_NotificationEvent.routingKey(.retentionPerformanceTest, .performanceTestStarted)),
            ])
    }

    public func run() async throws {
        let consumer = try await connection.consume(queue: names.retentionCallerQueue, prefetch: Self.prefetch)
        logger.info("retention caller started", metadata: ["queue": "\(names.retentionCallerQueue)", "timeout.ms": "\(settings.timeout.milliseconds)"])
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for await delivery in consumer {
                    group.addTask { await self.take(delivery) }
                }
            }
        }
        await consumer.cancel()
        logger.info("retention caller stopped")
    }

    /// Calls out for one event, publishes the command recording what came back, then acks.
    func take(_ delivery: AMQPDelivery) async {
        let command: Subscriptions_V1_CommandEnvelope
        do {
            let event = try Subscriptions_V1_NotificationEvent(serializedBytes: Array(delivery.message.body))
            switch event.payload {
            case .retention(let retention)?:
                command = await realtimeCall(retention)
            case .performanceTest(let test)?:
                command = await performanceTest(test)
            default:
                await deadLetter(delivery, reason: "a \(event.routingKey) event carries no retention request")
                return
            }
        } catch {
            await deadLetter(delivery, reason: "not a subscriptions.v1.NotificationEvent: \(error)")
            return
        }
        guard let route = command.route else { return }
        do {
            let body = try command.serializedBytes() as Data
            try await connection.publish(
                AMQPMessage(body: body, properties: AMQPProperties(
                    contentType: WireContract.contentType, messageId: command.commandID, correlationId: command.commandID,
                    type: "subscriptions.v1.CommandEnvelope")),
                exchange: names.commandsExchange, routingKey: route.routingKey)
            try await delivery.ack()
        } catch {
            logger.warning("retention caller could not hand its answer back; the event goes back to the queue", metadata: ["error": "\(error)"])
            try? await Task.sleep(for: .seconds(1))
            try? await delivery.nack(requeue: true)
        }
    }

    /// An event that can never be acted on goes to the caller's dead-letter queue with the reason
    /// (`x-death-reason`), as the notifier's; if that publish fails, it goes back to the queue.
    private func deadLetter(_ delivery: AMQPDelivery, reason: String) async {
        do {
            try await connection.publish(
                .deadLetter(of: delivery, reason: "unreadable-event", message: reason), exchange: "",
                routingKey: names.retentionCallerDeadLetterQueue)
            logger.error("retention caller dead-lettered an event", metadata: ["reason": "\(reason)"])
            try await delivery.ack()
        } catch {
            logger.error("retention caller could not dead-letter an event; it goes back to the queue", metadata: ["error": "\(error)"])
            try? await Task.sleep(for: .seconds(1))
            try? await delivery.nack(requeue: true)
        }
    }

    /// The app's Get Retention Message endpoint called for a retention offer.
    func realtimeCall(_ retention: Subscriptions_V1_RetentionMessageEvent) async -> Subscriptions_V1_CommandEnvelope {
        let offer = retention.retention
        let environment = Self.appleName(retention.environment)
        var record = Subscriptions_V1_RecordRetentionResponseRequest()
        record.originalTransactionID = retention.originalTransactionID
        record.requestIdentifier = offer.requestIdentifier
        record.productID = offer.productID
        record.locale = offer.locale
        do {
            if let url = try await realtimeURL(environment: environment) {
                let answer = await call(
                    url, original: retention.originalTransactionID, productId: offer.productID, locale: offer.locale,
                    requestIdentifier: offer.requestIdentifier, environment: environment, appAppleId: retention.appAppleID)
                record.sendAttemptResult = answer.result
                record.httpStatus = Int32(answer.httpStatus)
                record.body = answer.body
                record.latencyMs = answer.latency.milliseconds
                logger.debug("retention endpoint called", metadata: [
                    "request.identifier": "\(offer.requestIdentifier)", "result": "\(answer.result)", "latency.ms": "\(record.latencyMs)",
                ])
            }
        } catch {
            record.sendAttemptResult = "OTHER"
            logger.warning("retention request could not be made", metadata: ["error": "\(error)"])
        }
        return Self.envelope(.recordRetentionResponse(record), name: "retention-response/\(offer.requestIdentifier)")
    }

    /// One signed request to `url`.
    func call(
        _ url: URL, original: String, productId: String, locale: String, requestIdentifier: String, environment: String,
        appAppleId: Int64
    ) async -> RealtimeAnswer {
        let payload = DecodedRealtimeRequestBody(
            originalTransactionId: original, appAppleId: appAppleId, productId: productId, userLocale: locale,
            requestIdentifier: requestIdentifier, signedDate: await now(), environment: environment)
        let body: Data
        do {
            body = try JSONEncoder.appleJSON(signer: signer).encode(RealtimeRequestBody(signedPayload: SignedPayload(payload)))
        } catch {
            logger.error("retention request could not be signed", metadata: ["error": "\(error)"])
            return RealtimeAnswer(result: "OTHER", httpStatus: 0, body: Data(), latency: .zero)
        }
        return await sender.post(body, to: url, timeout: settings.timeout)
    }

    /// Apple's performance test: the configured number of signed requests, so many at once,
    /// within the test's duration; latency percentiles and failures by `SendAttemptResult`.
    func performanceTest(_ test: Subscriptions_V1_RetentionPerformanceTestEvent) async -> Subscriptions_V1_CommandEnvelope {
        let config = test.config
        let total = max(0, Int(config.totalRequests))
        var measure = PerformanceMeasure(total: total, threshold: .milliseconds(config.responseTimeThreshold))
        if let url = URL(string: test.target) {
            let deadline = ContinuousClock.now + .milliseconds(config.totalDuration)
            let environment = Self.appleName(test.environment)
            await withTaskGroup(of: RealtimeAnswer.self) { group in
                var started = 0
                func start() {
                    started += 1
                    group.addTask {
                        await self.call(
                            url, original: test.originalTransactionID, productId: test.productID, locale: "en-US",
                            requestIdentifier: UUID().uuidString.lowercased(), environment: environment, appAppleId: test.appAppleID)
                    }
                }
                while started < min(total, max(1, Int(config.maxConcurrentRequests))) { start() }
                while let answer = await group.next() {
                    measure.record(answer)
                    if started < total, ContinuousClock.now < deadline { start() }
                }
            }
        }
        var result = measure.result(config: config, successRateThreshold: Int(config.successRateThreshold))
        result.target = test.target
        result.originalTransactionID = test.originalTransactionID
        logger.info("retention performance test finished", metadata: [
            "request.id": "\(test.requestID)", "result": "\(result.result)", "success.rate": "\(result.successRate)", "p95.ms": "\(result.p95)",
        ])
        var request = Subscriptions_V1_ManageRetentionMessagingRequest()
        request.recordPerformanceTest = .with {
            $0.requestID = test.requestID
            $0.result = result
        }
        return Self.envelope(.manageRetentionMessaging(request), name: "performance-test-result/\(test.requestID)")
    }

    private func realtimeURL(environment: String) async throws -> URL? {
        let text = try await database.read { transaction in
            try (transaction as? any MessagingStoreTransaction).flatMap { try MessagingDocuments(store: $0).realtimeURL(environment: environment) }
        }
        return text.flatMap(URL.init(string:))
    }

    /// A command to the consumer itself, its id derived from `name` (a replay of the event makes
    /// the same command, which the consumer answers without applying it again).
    static func envelope(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command, name: String) -> Subscriptions_V1_CommandEnvelope {
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = UUIDv5.string(namespace: RetentionMessagingOperations.namespace, name: name)
        envelope.schemaVersion = WireContract.schemaVersion
        envelope.command = command
        return envelope
    }

    /// Apple's name of an environment (`Sandbox` for one not set).
    static func appleName(_ environment: Subscriptions_V1_Environment) -> String {
        switch environment {
        case .production: "Production"
        case .xcode: "Xcode"
        case .localTesting: "LocalTesting"
        default: "Sandbox"
        }
    }
}

extension BusNames {
    /// The retention caller's queue of retention requests and performance tests.
    public var retentionCallerQueue: String { "\(prefix).retention-caller" }
    /// Events the retention caller cannot act on, with the reason (`x-death-reason`).
    public var retentionCallerDeadLetterQueue: String { "\(prefix).retention-caller.dead-letter" }
}
