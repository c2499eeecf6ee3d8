import Foundation
import InputRules
import SubscriptionAPI
import SubscriptionMessages

/// An operation of the Retention Messaging API (and the operator's review): what
/// `ManageRetentionMessaging` carries for an HTTP route (docs/retention-messaging.md).
package enum RetentionOperation: String, Sendable, CaseIterable {
    case uploadImage, deleteImage, listImages, uploadMessage, deleteMessage, listMessages
    case configureDefaultMessage, getDefaultMessage, deleteDefaultMessage
    case configureRealtimeURL, getRealtimeURL, deleteRealtimeURL
    case reviewImage, reviewMessage, initiatePerformanceTest, getPerformanceTestResults
}

/// Get App Transaction Info, Finish Transaction, the Retention Messaging API and the retention
/// offer's routes as wire commands (docs/retention-messaging.md).
extension PreparedCommand {
    /// The PNG file signature: every PNG starts with these 8 bytes.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func retention(
        route: CommandRoute, body: some Sequence<UInt8>, parameters: RequestParameters
    ) throws(ValidationError) -> PreparedCommand {
        switch route {
        case .getAppTransactionInfo:
            let id = try RequestProblem.identifier(parameters.transactionId, name: "transactionId", error: .invalidTransactionId)
            return PreparedCommand(.getAppTransactionInfo(.with { $0.transactionID = id }))
        case .finishTransaction:
            let id = try RequestProblem.identifier(parameters.transactionId, name: "transactionId", error: .invalidTransactionId)
            return PreparedCommand(.finishTransaction(.with { $0.transactionID = id }))
        case .getRetentionOffer:
            let id = try RequestProblem.identifier(parameters.transactionId, name: "transactionId")
            return PreparedCommand(.getRetentionOffer(.with { $0.transactionID = id }))
        case .answerRetentionMessage:
            let model = try RetentionAnswerRequest(validating: body)
            return PreparedCommand(.answerRetentionMessage(.with {
                $0.originalTransactionID = model.originalTransactionId
                $0.requestIdentifier = model.requestIdentifier?.rawValue.lowercased() ?? ""
                $0.answer = switch model.answer {
                case .keep: .keep
                case .acceptOffer: .acceptOffer
                case .switchPlan: .switchPlan
                case .cancel: .cancel
                }
            }))
        case .manageRetentionMessaging:
            guard let operation = parameters.retentionOperation else {
                throw RequestProblem.invalid("route", "ManageRetentionMessaging needs an operation (its HTTP routes name one)")
            }
            return PreparedCommand(.manageRetentionMessaging(try retentionMessaging(operation, body: Array(body), parameters: parameters)))
        default:
            throw RequestProblem.invalid("route", "\(route.methodName) has no HTTP body mapping: the consumer sends it to itself")
        }
    }

    private static func retentionMessaging(
        _ operation: RetentionOperation, body: [UInt8], parameters: RequestParameters
    ) throws(ValidationError) -> Subscriptions_V1_ManageRetentionMessagingRequest {
        var request = Subscriptions_V1_ManageRetentionMessagingRequest()
        switch operation {
        case .uploadImage:
            let id = try uuid(parameters.resourceId, name: "imageIdentifier")
            guard body.count > Self.pngSignature.count, body.starts(with: Self.pngSignature) else {
                throw RequestProblem.invalid("body", "must be a PNG file (it starts with the PNG signature), got \(body.count) bytes", error: .invalidImage)
            }
            let size: Subscriptions_V1_RetentionImageSize
            switch try HistoryQuery(parameters.query).single("imageSize", error: .badRequestImageSize) {
            case nil, "FULL_SIZE": size = .fullSize
            case "BULLET_POINT": size = .bulletPoint
            case let other?:
                throw RequestProblem.invalid(
                    "imageSize", "must be FULL_SIZE or BULLET_POINT, got \"\(other.prefix(40))\"", error: .badRequestImageSize)
            }
            request.uploadImage = .with {
                $0.imageIdentifier = id
                $0.png = Data(body)
                $0.size = size
            }
        case .deleteImage:
            let id = try uuid(parameters.resourceId, name: "imageIdentifier")
            request.deleteImage = .with { $0.imageIdentifier = id }
        case .listImages:
            request.listImages = .init()
        case .uploadMessage:
            let id = try uuid(parameters.resourceId, name: "messageIdentifier")
            let model = try UploadMessageRequestBody(validating: body)
            request.uploadMessage = .with {
                $0.messageIdentifier = id
                $0.content = content(model)
            }
        case .deleteMessage:
            let id = try uuid(parameters.resourceId, name: "messageIdentifier")
            request.deleteMessage = .with { $0.messageIdentifier = id }
        case .listMessages:
            request.listMessages = .init()
        case .configureDefaultMessage, .getDefaultMessage, .deleteDefaultMessage:
            let product = try RequestProblem.identifier(parameters.productId, name: "productId", error: .invalidProductId)
            let locale = try Self.locale(parameters.locale)
            var target = Subscriptions_V1_DefaultRetentionMessage()
            target.productID = product
            target.locale = locale
            switch operation {
            case .configureDefaultMessage:
                target.messageIdentifier = try DefaultConfigurationRequest(validating: body).messageIdentifier.rawValue.lowercased()
                request.configureDefaultMessage = target
            case .getDefaultMessage: request.getDefaultMessage = target
            default: request.deleteDefaultMessage = target
            }
        case .configureRealtimeURL, .getRealtimeURL, .deleteRealtimeURL:
            var target = Subscriptions_V1_RealtimeUrl()
            target.environment = try environment(parameters.query)
            switch operation {
            case .configureRealtimeURL:
                target.realtimeURL = try RealtimeUrlRequest(validating: body).realtimeURL
                request.configureRealtimeURL = target
            case .getRealtimeURL: request.getRealtimeURL = target
            default: request.deleteRealtimeURL = target
            }
        case .reviewImage, .reviewMessage:
            let name = operation == .reviewImage ? "imageIdentifier" : "messageIdentifier"
            let id = try uuid(parameters.resourceId, name: name)
            let model = try RetentionReviewRequest(validating: body)
            request.review = .with {
                if operation == .reviewImage { $0.imageIdentifier = id } else { $0.messageIdentifier = id }
                $0.state = switch model.state {
                case .pending: .pending
                case .approved: .approved
                case .rejected: .rejected
                }
            }
        case .initiatePerformanceTest:
            let model = try PerformanceTestRequest(validating: body)
            request.initiatePerformanceTest = .with { $0.originalTransactionID = model.originalTransactionId }
        case .getPerformanceTestResults:
            let id = try RequestProblem.identifier(parameters.resourceId, name: "requestId", error: .invalidRequestId)
            request.getPerformanceTestResults = .with { $0.requestID = id }
        }
        return request
    }

    /// A UUID path parameter, lower-cased (either case names the same image or message).
    private static func uuid(_ text: String, name: String) throws(ValidationError) -> String {
        guard let value = UUIDString(rawValue: text) else {
            throw RequestProblem.invalid(name, "must be a UUID, got \"\(text.prefix(60))\"")
        }
        return value.rawValue.lowercased()
    }

    /// A locale such as `en-US` (a language of 2 or 3 letters, then a region or script), as
    /// Apple's `InvalidLocaleError` 4000164 requires.
    static func locale(_ text: String) throws(ValidationError) -> String {
        guard InputRules.isLocale(text) else {
            throw RequestProblem.invalid("locale", "must be a locale such as en-US, got \"\(text.prefix(40))\"", error: .invalidLocale)
        }
        return text
    }

    /// Our `environment` query parameter of the real-time URL routes: `Sandbox` or `Production`;
    /// absent = the deployment's (the catalog's app environment).
    private static func environment(_ query: [String: [String]]) throws(ValidationError) -> Subscriptions_V1_Environment {
        switch try HistoryQuery(query).single("environment", error: .invalidValue) {
        case nil: return .unspecified
        case "Sandbox": return .sandbox
        case "Production": return .production
        case let other?:
            throw RequestProblem.invalid("environment", "must be Sandbox or Production, got \"\(other.prefix(40))\"")
        }
    }

    private static func content(_ model: UploadMessageRequestBody) -> Subscriptions_V1_RetentionMessageContent {
        .with {
            $0.header = model.header
            $0.body = model.body
            if let image = model.image {
                $0.image = .with {
                    $0.imageIdentifier = image.imageIdentifier.rawValue.lowercased()
                    $0.altText = image.altText
                }
            }
            if let position = model.headerPosition {
                $0.headerPosition = position == .aboveImage ? .aboveImage : .aboveBody
            }
            $0.bulletPoints = (model.bulletPoints ?? []).map { point in
                .with {
                    $0.text = point.text
                    $0.imageIdentifier = point.imageIdentifier.rawValue.lowercased()
                    $0.altText = point.altText
                }
            }
        }
    }
}
