import Foundation
import StableIdentifiers
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

/// The Retention Messaging API answered from the consumer's store, inside the command's
/// transaction (docs/retention-messaging.md): uploads, lists and deletes of images and messages,
/// the operator's review, default messages, the real-time URL of each environment, and the
/// performance test's start (an event the retention caller acts on) and result.
struct RetentionMessagingOperations {
    /// What the operations need besides the request.
    struct Context {
        var commandId: String
        var now: Timestamp
        /// The deployment's environment (the catalog's app), for a URL request naming none.
        var environment: Environment
        var appAppleId: Int64
        var bundleId: String
        var settings: RetentionSettings
    }

    let documents: MessagingDocuments
    let context: Context

    /// The reply, or the refusal; and the performance test's start event.
    func apply(
        _ request: Subscriptions_V1_ManageRetentionMessagingRequest, subscriptions: AggregateEngineStore
    ) throws -> (Result<Subscriptions_V1_ManageRetentionMessagingReply, EngineRejection>, [Subscriptions_V1_NotificationEvent]) {
        guard let operation = request.operation else {
            return (.failure(EngineRejection(.invalidArgument, error: .missingField, field: "operation", "the request names no operation")), [])
        }
        var reply = Subscriptions_V1_ManageRetentionMessagingReply()
        reply.operation = Self.fieldNumber(of: operation)
        var events: [Subscriptions_V1_NotificationEvent] = []
        do {
            switch operation {
            case .uploadImage(let upload): try uploadImage(upload)
            case .deleteImage(let delete): try deleteImage(delete.imageIdentifier)
            case .listImages:
                reply.images = try documents.all(MessagingDocuments.Image.self, .image).map { image in
                    .with {
                        $0.imageIdentifier = image.identifier
                        $0.state = Self.reviewState(image.state)
                        $0.size = image.size == "BULLET_POINT" ? .bulletPoint : .fullSize
                    }
                }
            case .uploadMessage(let upload): try uploadMessage(upload)
            case .deleteMessage(let delete): try deleteMessage(delete.messageIdentifier)
            case .listMessages:
                reply.messages = try documents.all(MessagingDocuments.Message.self, .message).map { message in
                    var item = Subscriptions_V1_RetentionMessageItem()
                    item.messageIdentifier = message.identifier
                    item.state = Self.reviewState(message.state)
                    item.content = try message.decodedContent()
                    return item
                }
            case .configureDefaultMessage(let target): try configureDefault(target)
            case .getDefaultMessage(let target): reply.messageIdentifier = try defaultMessage(target).messageIdentifier
            case .deleteDefaultMessage(let target):
                _ = try defaultMessage(target)
                try documents.delete(.defaultMessage, MessagingDocuments.defaultKey(productId: target.productID, locale: target.locale))
            case .configureRealtimeURL(let target): try configureRealtimeURL(target)
            case .getRealtimeURL(let target): reply.realtimeURL = try realtimeURL(of: target).url
            case .deleteRealtimeURL(let target):
                let stored = try realtimeURL(of: target)
                try documents.delete(.realtimeURL, stored.environment)
            case .review(let review): try self.review(review)
            case .initiatePerformanceTest(let start):
                let (test, event) = try initiatePerformanceTest(start, subscriptions: subscriptions)
                reply.performanceTestRequestID = test.requestId
                reply.performanceTestConfig = try Subscriptions_V1_PerformanceTestConfig(serializedBytes: test.config)
                events.append(event)
            case .getPerformanceTestResults(let get): reply.performanceTestResult = try performanceTestResult(get.requestID)
            case .recordPerformanceTest(let record): try recordPerformanceTest(record)
            }
        } catch let rejection as EngineRejection {
            return (.failure(rejection), [])
        }
        return (.success(reply), events)
    }

    // MARK: Images and messages

    private func uploadImage(_ upload: Subscriptions_V1_UploadRetentionImage) throws {
        let id = try Self.uuid(upload.imageIdentifier, field: "imageIdentifier")
        guard try documents.read(MessagingDocuments.Image.self, .image, id) == nil else {
            throw EngineRejection(.alreadyExists, error: .imageAlreadyExists, field: "imageIdentifier", "image '\(id)' already exists")
        }
        guard try documents.count(.image) < context.settings.imageLimit else {
            throw EngineRejection(
                .failedPrecondition, error: .maximumNumberOfImagesReached, field: "imageIdentifier",
                "the app has \(context.settings.imageLimit) images, as many as it may upload; delete one first")
        }
        guard upload.png.count > 8 else { throw EngineRejection(.invalidArgument, error: .invalidImage, field: "body", "the image is empty") }
        try documents.write(
            MessagingDocuments.Image(
                identifier: id, size: upload.size == .bulletPoint ? "BULLET_POINT" : "FULL_SIZE", state: "PENDING", png: upload.png,
                uploadedAt: context.now.millisecondsSince1970),
            .image, id)
    }

    private func deleteImage(_ identifier: String) throws {
        let id = try Self.uuid(identifier, field: "imageIdentifier")
        guard try documents.read(MessagingDocuments.Image.self, .image, id) != nil else {
            throw EngineRejection(.notFound, error: .imageNotFound, field: "imageIdentifier", "no image '\(id)'")
        }
        for message in try documents.all(MessagingDocuments.Message.self, .message) where try message.imageIdentifiers().contains(id) {
            throw EngineRejection(
                .failedPrecondition, error: .imageInUse, field: "imageIdentifier",
                "message '\(message.identifier)' shows image '\(id)'; delete the message first")
        }
        try documents.delete(.image, id)
    }

    private func uploadMessage(_ upload: Subscriptions_V1_UploadRetentionMessage) throws {
        let id = try Self.uuid(upload.messageIdentifier, field: "messageIdentifier")
        guard try documents.read(MessagingDocuments.Message.self, .message, id) == nil else {
            throw EngineRejection(.alreadyExists, error: .messageAlreadyExists, field: "messageIdentifier", "message '\(id)' already exists")
        }
        guard try documents.count(.message) < context.settings.messageLimit else {
            throw EngineRejection(
                .failedPrecondition, error: .maximumNumberOfMessagesReached, field: "messageIdentifier",
                "the app has \(context.settings.messageLimit) messages, as many as it may upload; delete one first")
        }
        let content = upload.content
        var images: [(field: String, id: String, size: String)] = []
        if content.hasImage { images.append(("image.imageIdentifier", content.image.imageIdentifier, "FULL_SIZE")) }
        for (index, point) in content.bulletPoints.enumerated() {
            images.append(("bulletPoints[\(index)].imageIdentifier", point.imageIdentifier, "BULLET_POINT"))
        }
        for (field, image, size) in images {
            guard let stored = try documents.read(MessagingDocuments.Image.self, .image, image) else {
                throw EngineRejection(.notFound, error: .imageNotFound, field: field, "no image '\(image)'; upload it first")
            }
            guard stored.size == size else {
                throw EngineRejection(
                    .invalidArgument, error: .invalidImage, field: field, "image '\(image)' was uploaded as \(stored.size), this place needs \(size)")
            }
        }
        try documents.write(
            MessagingDocuments.Message(
                identifier: id, state: "PENDING", content: try content.serializedBytes(), uploadedAt: context.now.millisecondsSince1970),
            .message, id)
    }

    private func deleteMessage(_ identifier: String) throws {
        let id = try Self.uuid(identifier, field: "messageIdentifier")
        guard try documents.delete(.message, id) else {
            throw EngineRejection(.notFound, error: .messageNotFound, field: "messageIdentifier", "no message '\(id)'")
        }
        // A default message that is gone is no default any more.
        for stored in try documents.all(MessagingDocuments.DefaultMessage.self, .defaultMessage) where stored.messageIdentifier == id {
            try documents.delete(.defaultMessage, MessagingDocuments.defaultKey(productId: stored.productId, locale: stored.locale))
        }
    }

    private func review(_ review: Subscriptions_V1_ReviewRetentionContent) throws {
        let state: String
        switch review.state {
        case .pending: state = "PENDING"
        case .approved: state = "APPROVED"
        case .rejected: state = "REJECTED"
        case .unspecified, .UNRECOGNIZED:
            throw EngineRejection(.invalidArgument, error: .invalidValue, field: "state", "state must be PENDING, APPROVED or REJECTED")
        }
        switch review.target {
        case .imageIdentifier(let identifier)?:
            let id = try Self.uuid(identifier, field: "imageIdentifier")
            guard var image = try documents.read(MessagingDocuments.Image.self, .image, id) else {
                throw EngineRejection(.notFound, error: .imageNotFound, field: "imageIdentifier", "no image '\(id)'")
            }
            image.state = state
            try documents.write(image, .image, id)
        case .messageIdentifier(let identifier)?:
            let id = try Self.uuid(identifier, field: "messageIdentifier")
            guard var message = try documents.read(MessagingDocuments.Message.self, .message, id) else {
                throw EngineRejection(.notFound, error: .messageNotFound, field: "messageIdentifier", "no message '\(id)'")
            }
            message.state = state
            try documents.write(message, .message, id)
        case nil:
            throw EngineRejection(.invalidArgument, error: .missingField, field: "imageIdentifier", "name an image or a message to review")
        }
    }

    // MARK: Default messages and URLs

    private func configureDefault(_ target: Subscriptions_V1_DefaultRetentionMessage) throws {
        let message = try Self.uuid(target.messageIdentifier, field: "messageIdentifier")
        guard let stored = try documents.read(MessagingDocuments.Message.self, .message, message) else {
            throw EngineRejection(.notFound, error: .messageNotFound, field: "messageIdentifier", "no message '\(message)'")
        }
        guard stored.state == "APPROVED" else {
            throw EngineRejection(
                .failedPrecondition, error: .messageNotApproved, field: "messageIdentifier", "message '\(message)' is \(stored.state), not APPROVED")
        }
        for image in try stored.imageIdentifiers() {
            let state = try documents.read(MessagingDocuments.Image.self, .image, image)?.state ?? "missing"
            guard state == "APPROVED" else {
                throw EngineRejection(
                    .failedPrecondition, error: .imageNotApproved, field: "messageIdentifier",
                    "image '\(image)' of message '\(message)' is \(state), not APPROVED")
            }
        }
        try documents.write(
            MessagingDocuments.DefaultMessage(productId: target.productID, locale: target.locale, messageIdentifier: message),
            .defaultMessage, MessagingDocuments.defaultKey(productId: target.productID, locale: target.locale))
    }

    private func defaultMessage(_ target: Subscriptions_V1_DefaultRetentionMessage) throws -> MessagingDocuments.DefaultMessage {
        let key = MessagingDocuments.defaultKey(productId: target.productID, locale: target.locale)
        guard let stored = try documents.read(MessagingDocuments.DefaultMessage.self, .defaultMessage, key) else {
            throw EngineRejection(
                .notFound, error: .defaultMessageNotFound, field: "productId",
                "no default message for product '\(target.productID)' in locale '\(target.locale)'")
        }
        return stored
    }

    private func configureRealtimeURL(_ target: Subscriptions_V1_RealtimeUrl) throws {
        let environment = try self.environment(target.environment)
        if environment == Environment.production.rawValue {
            let passed = try documents.all(MessagingDocuments.PerformanceTest.self, .performanceTest).contains {
                (try? Subscriptions_V1_PerformanceTestResult(serializedBytes: $0.result))?.result == .pass
            }
            guard passed else {
                throw EngineRejection(
                    .failedPrecondition, error: .forbiddenNoPassingTest, field: "environment",
                    "the production URL needs a passed performance test of the sandbox URL first")
            }
        }
        try documents.write(MessagingDocuments.RealtimeURL(environment: environment, url: target.realtimeURL), .realtimeURL, environment)
    }

    private func realtimeURL(of target: Subscriptions_V1_RealtimeUrl) throws -> MessagingDocuments.RealtimeURL {
        let environment = try self.environment(target.environment)
        guard let stored = try documents.read(MessagingDocuments.RealtimeURL.self, .realtimeURL, environment) else {
            throw EngineRejection(
                .notFound, error: .realtimeURLNotFound, field: "environment", "no Get Retention Message URL is configured for \(environment)")
        }
        return stored
    }

    /// Apple's name of the environment a URL request names (the deployment's when none).
    private func environment(_ environment: Subscriptions_V1_Environment) throws -> String {
        switch environment {
        case .unspecified: return context.environment.rawValue
        case .sandbox: return Environment.sandbox.rawValue
        case .production: return Environment.production.rawValue
        default:
            throw EngineRejection(.invalidArgument, error: .invalidValue, field: "environment", "environment must be Sandbox or Production")
        }
    }

    // MARK: Performance test

    private func initiatePerformanceTest(
        _ start: Subscriptions_V1_InitiatePerformanceTest, subscriptions: AggregateEngineStore
    ) throws -> (MessagingDocuments.PerformanceTest, Subscriptions_V1_NotificationEvent) {
        let original = start.originalTransactionID
        guard !original.isEmpty, let subscription = try subscriptions.subscription(original) else {
            throw EngineRejection(
                .invalidArgument, error: .invalidPerformanceTestRequest, field: "originalTransactionId",
                "'\(original.prefix(64))' is not the original transaction id of a subscription of this app")
        }
        let environment = context.environment.rawValue
        guard let target = try documents.realtimeURL(environment: environment) else {
            throw EngineRejection(
                .notFound, error: .realtimeURLNotFound, field: "realtimeURL",
                "no Get Retention Message URL is configured for \(environment); configure it before testing it")
        }
        let tests = try documents.all(MessagingDocuments.PerformanceTest.self, .performanceTest)
        if let running = tests.first(where: { (try? Subscriptions_V1_PerformanceTestResult(serializedBytes: $0.result))?.result == .pending }) {
            throw EngineRejection(
                .invalidArgument, error: .existingPerformanceTestRun, field: "originalTransactionId",
                "performance test '\(running.requestId)' is still running")
        }
        let settings = context.settings
        let config = Subscriptions_V1_PerformanceTestConfig.with {
            $0.maxConcurrentRequests = Int32(settings.performanceTestConcurrency)
            $0.totalRequests = Int32(settings.performanceTestRequests)
            $0.totalDuration = settings.performanceTestDuration.milliseconds
            $0.responseTimeThreshold = settings.timeout.milliseconds
            $0.successRateThreshold = Int32(settings.performanceTestSuccessRate)
        }
        let requestId = UUIDv5.string(namespace: Self.namespace, name: "performance-test/\(context.commandId)")
        var pending = Subscriptions_V1_PerformanceTestResult()
        pending.config = config
        pending.target = target
        pending.result = .pending
        pending.numPending = config.totalRequests
        pending.originalTransactionID = original
        let test = MessagingDocuments.PerformanceTest(
            requestId: requestId, originalTransactionId: original, target: target, config: try config.serializedBytes(),
            result: try pending.serializedBytes(), startedAt: context.now.millisecondsSince1970)
        try documents.write(test, .performanceTest, requestId)
        var event = Subscriptions_V1_NotificationEvent()
        event.notificationType = .retentionPerformanceTest
        event.subtype = .performanceTestStarted
        event.notificationUuid = UUIDv5.string(namespace: Self.namespace, name: "performance-test-event/\(requestId)")
        event.signedDate = context.now.protobuf
        event.version = "2.0"
        event.schemaVersion = WireContract.schemaVersion
        event.causedByCommandID = context.commandId
        event.performanceTest = .with {
            $0.requestID = requestId
            $0.originalTransactionID = original
            $0.config = config
            $0.target = target
            $0.productID = subscription.productId
            $0.environment = Subscriptions_V1_Environment(context.environment)
            $0.appAppleID = context.appAppleId
        }
        return (test, event)
    }

    private func performanceTestResult(_ requestId: String) throws -> Subscriptions_V1_PerformanceTestResult {
        guard UUIDText.isValid(requestId) else {
            throw EngineRejection(.invalidArgument, error: .invalidRequestId, field: "requestId", "'\(requestId.prefix(64))' is not a request id")
        }
        guard let test = try documents.read(MessagingDocuments.PerformanceTest.self, .performanceTest, requestId.lowercased()) else {
            throw EngineRejection(.notFound, error: .performanceTestRunNotFound, field: "requestId", "no performance test '\(requestId)'")
        }
        return try Subscriptions_V1_PerformanceTestResult(serializedBytes: test.result)
    }

    private func recordPerformanceTest(_ record: Subscriptions_V1_RecordPerformanceTest) throws {
        guard var test = try documents.read(MessagingDocuments.PerformanceTest.self, .performanceTest, record.requestID) else {
            throw EngineRejection(.notFound, error: .performanceTestRunNotFound, field: "requestId", "no performance test '\(record.requestID)'")
        }
        test.result = try record.result.serializedBytes()
        try documents.write(test, .performanceTest, record.requestID)
    }

    // MARK: Helpers

    /// The namespace of the identifiers retention messaging derives (a fixed random UUID).
    static let namespace: [UInt8] = [
        0x3c, 0x58, 0x0b, 0x92, 0x4e, 0x1f, 0x4a, 0x7d, 0x8b, 0x66, 0x2d, 0x91, 0x0e, 0x5a, 0xc3, 0x17,
    ]

    /// A UUID, lower-cased; refused naming `field` otherwise.
    static func uuid(_ text: String, field: String) throws -> String {
        guard UUIDText.isValid(text) else {
            throw EngineRejection(.invalidArgument, error: .invalidValue, field: field, "\(field) must be a UUID, got '\(text.prefix(64))'")
        }
        return text.lowercased()
    }

    static func reviewState(_ text: String) -> Subscriptions_V1_RetentionReviewState {
        switch text {
        case "APPROVED": .approved
        case "REJECTED": .rejected
        default: .pending
        }
    }

    /// The field number of an operation in `ManageRetentionMessagingRequest`.
    static func fieldNumber(of operation: Subscriptions_V1_ManageRetentionMessagingRequest.OneOf_Operation) -> UInt32 {
        switch operation {
        case .uploadImage: 1
        case .deleteImage: 2
        case .listImages: 3
        case .uploadMessage: 4
        case .deleteMessage: 5
        case .listMessages: 6
        case .configureDefaultMessage: 7
        case .getDefaultMessage: 8
        case .deleteDefaultMessage: 9
        case .configureRealtimeURL: 10
        case .getRealtimeURL: 11
        case .deleteRealtimeURL: 12
        case .review: 13
        case .initiatePerformanceTest: 14
        case .getPerformanceTestResults: 15
        case .recordPerformanceTest: 16
        }
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
