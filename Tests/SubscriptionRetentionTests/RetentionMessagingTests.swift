import Foundation
import Logging
import ServiceTestSupport
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionStorePostgres
import SubscriptionWire
import Testing

@testable import SubscriptionHandler
@testable import SubscriptionRetention

/// The Retention Messaging API over a real SQLite store, the check of the app's real-time
/// answer, and the performance test's figures (docs/retention-messaging.md).
@Suite struct RetentionMessagingTests {
    static let image = "11111111-1111-4111-8111-111111111111"
    static let bullet = "22222222-2222-4222-8222-222222222222"
    static let message = "33333333-3333-4333-8333-333333333333"
    static let pending = "44444444-4444-4444-8444-444444444444"
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])

    /// The stores the documents and the offer are kept in: SQLite always, PostgreSQL when its
    /// test server is reachable or required (`TEST_DATABASE_URL`).
    enum Backend: String, CustomTestStringConvertible, Sendable {
        case sqlite, postgres

        static var available: [Backend] { TestPostgres.isEnabled ? [.sqlite, .postgres] : [.sqlite] }
        var testDescription: String { rawValue }
    }

    /// A fresh store of `backend` and a handler in front of an engine with the example catalog.
    static func fixture(_ backend: Backend = .sqlite) async throws -> (any ConsumerStore, RetentionCommandHandler) {
        let store: any ConsumerStore
        switch backend {
        case .sqlite:
            store = try SubscriptionDatabase(
                path: FileManager.default.temporaryDirectory.appendingPathComponent("retention-\(UUID().uuidString).sqlite").path)
        case .postgres:
            let logger = Logger(label: "retention-tests")
            let url = try await PostgresStore.createDatabase(
                named: TestPostgres.databaseName("retention"), onServerOf: TestPostgres.url, logger: logger)
            store = try await PostgresStore.open(url: url, logger: logger)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let engine = try EngineCommandHandler(catalogPath: root.appendingPathComponent("Config/catalog.example.json").path, logger: Logger(label: "test"))
        return (store, RetentionCommandHandler(inner: engine, app: { engine.app }, settings: RetentionSettings()))
    }

    /// Applies one command in its own transaction.
    @discardableResult
    static func apply(
        _ command: Subscriptions_V1_CommandEnvelope.OneOf_Command, _ store: any ConsumerStore, _ handler: RetentionCommandHandler,
        at date: Date = Date(timeIntervalSince1970: 1_780_000_000)
    ) async throws -> CommandOutcome {
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = UUID().uuidString.lowercased()
        envelope.schemaVersion = WireContract.schemaVersion
        envelope.command = command
        let sent = envelope
        return try await store.write { try handler.handle(sent, context: CommandContext(now: date, clock: .system), in: $0) }
    }

    static func manage(
        _ build: (inout Subscriptions_V1_ManageRetentionMessagingRequest) -> Void, _ store: any ConsumerStore,
        _ handler: RetentionCommandHandler
    ) async throws -> Subscriptions_V1_CommandReply {
        var request = Subscriptions_V1_ManageRetentionMessagingRequest()
        build(&request)
        return try await apply(.manageRetentionMessaging(request), store, handler).reply
    }

    /// Images and messages uploaded; the message and its images approved unless `approve` is false.
    static func configured(_ backend: Backend = .sqlite, approve: Bool = true) async throws -> (any ConsumerStore, RetentionCommandHandler) {
        let (store, handler) = try await fixture(backend)
        _ = try await manage({ $0.uploadImage = .with { $0.imageIdentifier = image; $0.png = png; $0.size = .fullSize } }, store, handler)
        _ = try await manage({ $0.uploadImage = .with { $0.imageIdentifier = bullet; $0.png = png; $0.size = .bulletPoint } }, store, handler)
        _ = try await manage({
            $0.uploadMessage = .with {
                $0.messageIdentifier = message
                $0.content = .with {
                    $0.header = "Stay"
                    $0.body = "Half price"
                    $0.image = .with { $0.imageIdentifier = image; $0.altText = "a" }
                    $0.bulletPoints = [.with { $0.text = "All"; $0.imageIdentifier = bullet; $0.altText = "b" }]
                }
            }
        }, store, handler)
        _ = try await manage({ $0.uploadMessage = .with { $0.messageIdentifier = pending; $0.content = .with { $0.header = "P"; $0.body = "P" } } }, store, handler)
        if approve {
            for target in [image, bullet] {
                _ = try await manage({ $0.review = .with { $0.imageIdentifier = target; $0.state = .approved } }, store, handler)
            }
            _ = try await manage({ $0.review = .with { $0.messageIdentifier = message; $0.state = .approved } }, store, handler)
        }
        return (store, handler)
    }

    @Test("uploads are PENDING until reviewed; a default message must be APPROVED with its images; an image in use stays", arguments: Backend.available)
    func reviewAndDefaults(backend: Backend) async throws {
        let (store, handler) = try await Self.configured(backend, approve: false)
        let listed = try await Self.manage({ $0.listMessages = .init() }, store, handler)
        #expect(listed.manageRetentionMessaging.messages.map(\.state) == [.pending, .pending])
        #expect(listed.manageRetentionMessaging.operation == 6)
        let early = try await Self.manage({
            $0.configureDefaultMessage = .with { $0.productID = "news.basic.monthly"; $0.locale = "en-US"; $0.messageIdentifier = Self.message }
        }, store, handler)
        #expect(early.error.appleErrorCode == 4_030_017)
        _ = try await Self.manage({ $0.review = .with { $0.messageIdentifier = Self.message; $0.state = .approved } }, store, handler)
        let imagesPending = try await Self.manage({
            $0.configureDefaultMessage = .with { $0.productID = "news.basic.monthly"; $0.locale = "en-US"; $0.messageIdentifier = Self.message }
        }, store, handler)
        #expect(imagesPending.error.appleErrorCode == 4_030_018)
        let inUse = try await Self.manage({ $0.deleteImage = .with { $0.imageIdentifier = Self.image } }, store, handler)
        #expect(inUse.error.appleErrorCode == 4_030_019)
        let again = try await Self.manage({ $0.uploadImage = .with { $0.imageIdentifier = Self.image; $0.png = Self.png } }, store, handler)
        #expect(again.error.appleErrorCode == 4_090_000 && again.error.httpStatus == 409)
        let missing = try await Self.manage({ $0.getDefaultMessage = .with { $0.productID = "news.basic.monthly"; $0.locale = "en-US" } }, store, handler)
        #expect(missing.error.appleErrorCode == 4_040_020)
    }

    @Test("the real-time URL is per environment; production needs a passed performance test", arguments: Backend.available)
    func realtimeURLs(backend: Backend) async throws {
        let (store, handler) = try await Self.fixture(backend)
        let none = try await Self.manage({ $0.getRealtimeURL = .init() }, store, handler)
        #expect(none.error.appleErrorCode == 4_040_021)
        _ = try await Self.manage({ $0.configureRealtimeURL = .with { $0.realtimeURL = "http://127.0.0.1:5860/r" } }, store, handler)
        let sandbox = try await Self.manage({ $0.getRealtimeURL = .with { $0.environment = .sandbox } }, store, handler)
        #expect(sandbox.manageRetentionMessaging.realtimeURL == "http://127.0.0.1:5860/r")
        let production = try await Self.manage({ $0.configureRealtimeURL = .with { $0.realtimeURL = "http://p"; $0.environment = .production } }, store, handler)
        #expect(production.error.appleErrorCode == 4_030_026)
    }

    @Test("auto-renew off gets the retention context from the documents: the URL, the products with a default in the locale", arguments: Backend.available)
    func autoRenewContext(backend: Backend) async throws {
        let (store, handler) = try await Self.configured(backend)
        let bought = try await Self.apply(.purchase(.with { $0.customerID = "c1"; $0.productID = "news.basic.monthly"; $0.storefront = "USA" }), store, handler)
        let id = bought.reply.purchase.subscription.renewalInfo.originalTransactionID
        let plain = try await Self.apply(.setAutoRenew(.with { $0.originalTransactionID = id; $0.action = .disable }), store, handler)
        #expect(!plain.reply.setAutoRenew.hasRetention && plain.events.map(\.subtype) == [.autoRenewDisabled])
        _ = try await Self.apply(.setAutoRenew(.with { $0.originalTransactionID = id; $0.action = .enable }), store, handler)
        _ = try await Self.manage({
            $0.configureDefaultMessage = .with { $0.productID = "news.basic.monthly"; $0.locale = "de-DE"; $0.messageIdentifier = Self.message }
        }, store, handler)
        let english = try await Self.apply(.setAutoRenew(.with { $0.originalTransactionID = id; $0.action = .disable }), store, handler)
        #expect(!english.reply.setAutoRenew.hasRetention)
        _ = try await Self.apply(.setAutoRenew(.with { $0.originalTransactionID = id; $0.action = .enable }), store, handler)
        let german = try await Self.apply(.setAutoRenew(.with { $0.originalTransactionID = id; $0.action = .disable; $0.locale = "de-DE" }), store, handler)
        #expect(german.reply.setAutoRenew.retention.state == .requested && german.events.map(\.subtype) == [.retentionRequested])
        // The app's endpoint failed: the default of the offer's product and locale is shown.
        let offer = german.reply.setAutoRenew.retention
        let recorded = try await Self.apply(.recordRetentionResponse(.with {
            $0.originalTransactionID = id
            $0.requestIdentifier = offer.requestIdentifier
            $0.sendAttemptResult = "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
            $0.httpStatus = 500
            $0.productID = offer.productID
            $0.locale = offer.locale
        }), store, handler)
        let shown = recorded.reply.recordRetentionResponse.retention.presentation
        #expect(shown.source == .default && shown.messageIdentifier == Self.message && shown.fallbackReason == .endpointFailed && shown.httpStatus == 500)
    }

    static func check(_ body: String, result: String = "SUCCESS", status: Int32 = 200) async throws -> Subscriptions_V1_RetentionPresentation {
        let (store, _) = try await configured()
        var response = Subscriptions_V1_RecordRetentionResponseRequest()
        response.sendAttemptResult = result
        response.httpStatus = status
        response.body = Data(body.utf8)
        response.latencyMs = 9
        let recorded = response
        return try await store.read { transaction in
            let documents = MessagingDocuments(store: try #require(transaction as? any MessagingStoreTransaction))
            return try RealtimeResponseCheck(documents: documents).presentation(of: recorded).candidate
        }
    }

    @Test("the app's answer: one approved choice is used; anything else is the fallback, with its reason", arguments: [
        (#"{"message":{"messageIdentifier":"33333333-3333-4333-8333-333333333333"}}"#, "SUCCESS", Int32(200), Subscriptions_V1_RetentionFallbackReason.unspecified),
        (#"{"message":{"messageIdentifier":"44444444-4444-4444-8444-444444444444"}}"#, "SUCCESS", 200, .notApproved),
        (#"{"message":{"messageIdentifier":"55555555-5555-4555-8555-555555555555"}}"#, "SUCCESS", 200, .notApproved),
        (#"{"message":{}}"#, "SUCCESS", 200, .invalidResponse),
        (#"{}"#, "SUCCESS", 200, .invalidResponse),
        ("not json", "SUCCESS", 200, .invalidResponse),
        (#"{"alternateProduct":{"messageIdentifier":"33333333-3333-4333-8333-333333333333"}}"#, "SUCCESS", 200, .invalidResponse),
        (#"{"promotionalOffer":{"messageIdentifier":"33333333-3333-4333-8333-333333333333"}}"#, "SUCCESS", 200, .invalidResponse),
        (#"{"advancedCommerceInfo":{"messageIdentifier":"33333333-3333-4333-8333-333333333333"}}"#, "SUCCESS", 200, .invalidChoice),
        ("", "TIMED_OUT", 0, .timedOut),
        ("", "UNSUCCESSFUL_HTTP_RESPONSE_CODE", 503, .endpointFailed),
        ("", "SOCKET_ISSUE", 0, .endpointFailed),
        ("", "", 0, .noRealtimeURL),
    ])
    func answerKinds(body: String, result: String, status: Int32, reason: Subscriptions_V1_RetentionFallbackReason) async throws {
        let shown = try await Self.check(body, result: result, status: status)
        #expect(shown.fallbackReason == reason)
        #expect(shown.source == (reason == .unspecified ? Subscriptions_V1_RetentionMessageSource.app : Subscriptions_V1_RetentionMessageSource.none))
        #expect(shown.latencyMs == 9)
    }

    @Test("a promotional offer's V2 signature is read from its JWS payload, V1 from its fields")
    func offerSignatures() async throws {
        let payload = Data(#"{"productId":"news.basic.monthly","offerIdentifier":"thanks","nonce":"n"}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        let v2 = try await Self.check(
            #"{"promotionalOffer":{"messageIdentifier":"33333333-3333-4333-8333-333333333333","promotionalOfferSignatureV2":"eyJhbGciOiJFUzI1NiJ9.\#(payload).c2ln"}}"#)
        #expect(v2.source == .app && v2.promotionalOfferIdentifier == "thanks" && v2.promotionalOfferProductID == "news.basic.monthly")
        let v1 = try await Self.check(
            #"{"promotionalOffer":{"messageIdentifier":"33333333-3333-4333-8333-333333333333","promotionalOfferSignatureV1":{"productId":"p","offerIdentifier":"o","encodedSignature":"e","nonce":"n","timestamp":1,"keyId":"k"}}}"#)
        #expect(v1.promotionalOfferIdentifier == "o" && v1.promotionalOfferProductID == "p")
    }

    @Test("performance figures: nearest-rank percentiles, slow answers as TIMED_OUT, unsent requests pending and failed")
    func performanceFigures() {
        var measure = PerformanceMeasure(total: 12, threshold: .milliseconds(700))
        for milliseconds in [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] {
            measure.record(RealtimeAnswer(result: "SUCCESS", httpStatus: 200, body: Data(), latency: .milliseconds(milliseconds)))
        }
        measure.record(RealtimeAnswer(result: "SUCCESS", httpStatus: 200, body: Data(), latency: .milliseconds(900)))
        let result = measure.result(config: .init(), successRateThreshold: 90)
        #expect(result.p50 == 60 && result.p90 == 100 && result.p99 == 900 && result.average == 131)
        #expect(result.successRate == 83 && result.result == .fail && result.numPending == 1)
        #expect(result.failures.map { "\($0.sendAttemptResult)=\($0.count)" } == ["TIMED_OUT=2"])
        #expect(PerformanceMeasure.percentile(95, of: []) == 0)
    }
}
