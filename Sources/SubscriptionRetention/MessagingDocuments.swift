import Foundation
import SubscriptionMessages
import SubscriptionStore

/// The retention messaging documents in the consumer's store (``MessagingStoreTransaction``):
/// what each kind holds, as JSON, and how they are read and written inside a command's
/// transaction (docs/retention-messaging.md, "State").
struct MessagingDocuments {
    /// An uploaded image: its PNG, size and review state.
    struct Image: Codable, Equatable {
        var identifier: String
        /// `FULL_SIZE` or `BULLET_POINT`.
        var size: String
        /// `PENDING`, `APPROVED` or `REJECTED`.
        var state: String
        var png: Data
        var uploadedAt: Int64
    }

    /// An uploaded message: its text (a serialized `RetentionMessageContent`) and review state.
    struct Message: Codable, Equatable {
        var identifier: String
        var state: String
        var content: Data
        var uploadedAt: Int64

        /// The text as the wire type.
        func decodedContent() throws -> Subscriptions_V1_RetentionMessageContent {
            try Subscriptions_V1_RetentionMessageContent(serializedBytes: content)
        }

        /// The images the message shows: its own and its bullet points'.
        func imageIdentifiers() throws -> [String] {
            let text = try decodedContent()
            return (text.hasImage ? [text.image.imageIdentifier] : []) + text.bulletPoints.map(\.imageIdentifier)
        }
    }

    /// The default message of a product in a locale.
    struct DefaultMessage: Codable, Equatable {
        var productId: String
        var locale: String
        var messageIdentifier: String
    }

    /// The Get Retention Message URL of an environment.
    struct RealtimeURL: Codable, Equatable {
        /// `Sandbox` or `Production`.
        var environment: String
        var url: String
    }

    /// A performance test: its parameters and, once run, its result (serialized wire types).
    struct PerformanceTest: Codable, Equatable {
        var requestId: String
        var originalTransactionId: String
        var target: String
        var config: Data
        /// A serialized `PerformanceTestResult`; its `result` is PENDING until the test ran.
        var result: Data
        var startedAt: Int64
    }

    enum Kind: String {
        case image, message
        case defaultMessage = "default"
        case realtimeURL = "realtime-url"
        case performanceTest = "performance-test"
    }

    let store: any MessagingStoreTransaction

    func read<Document: Decodable>(_ type: Document.Type, _ kind: Kind, _ key: String) throws -> Document? {
        try store.messagingDocument(kind: kind.rawValue, key: key).map { try JSONDecoder().decode(Document.self, from: $0) }
    }

    func all<Document: Decodable>(_ type: Document.Type, _ kind: Kind) throws -> [Document] {
        try store.messagingDocuments(kind: kind.rawValue).map { try JSONDecoder().decode(Document.self, from: $0.body) }
    }

    func write(_ document: some Encodable, _ kind: Kind, _ key: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try store.putMessagingDocument(try encoder.encode(document), kind: kind.rawValue, key: key)
    }

    @discardableResult
    func delete(_ kind: Kind, _ key: String) throws -> Bool {
        try store.deleteMessagingDocument(kind: kind.rawValue, key: key)
    }

    func count(_ kind: Kind) throws -> Int { try store.messagingDocumentCount(kind: kind.rawValue) }

    /// The key of a product's default message in a locale.
    static func defaultKey(productId: String, locale: String) -> String { "\(productId)/\(locale)" }

    /// The Get Retention Message URL of `environment` (`Sandbox`, `Production`), if configured.
    func realtimeURL(environment: String) throws -> String? {
        try read(RealtimeURL.self, .realtimeURL, environment)?.url
    }

    /// The products with a default message in `locale`.
    func productsWithDefault(locale: String) throws -> [String] {
        try all(DefaultMessage.self, .defaultMessage).filter { $0.locale == locale }.map(\.productId)
    }

    /// Whether a message and every image it shows are APPROVED; what is not, otherwise.
    func approvalProblem(ofMessage identifier: String) throws -> String? {
        guard let message = try read(Message.self, .message, identifier) else { return "message '\(identifier)' does not exist" }
        guard message.state == "APPROVED" else { return "message '\(identifier)' is \(message.state), not APPROVED" }
        for image in try message.imageIdentifiers() {
            guard let stored = try read(Image.self, .image, image) else { return "image '\(image)' of message '\(identifier)' does not exist" }
            guard stored.state == "APPROVED" else { return "image '\(image)' of message '\(identifier)' is \(stored.state), not APPROVED" }
        }
        return nil
    }
}
