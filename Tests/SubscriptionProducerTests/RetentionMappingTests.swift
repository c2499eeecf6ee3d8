import Foundation
import SubscriptionAPI
import SubscriptionMessages
import Testing

@testable import SubscriptionCommands
@testable import SubscriptionProducer

/// Get Transaction History V1, Send Consumption Information V1 and the Retention Messaging API's
/// routes as commands (docs/retention-messaging.md).
@Suite("Mapping retention messaging routes to commands")
struct RetentionMappingTests {
    static let image = "A1B2C3D4-0000-4000-8000-000000000001"
    static let png = Array(PreparedCommand.pngSignature) + [0, 0, 0, 13]

    static func make(
        _ route: CommandRoute, _ body: [UInt8] = [], _ parameters: RequestParameters
    ) throws(ValidationError) -> Subscriptions_V1_CommandEnvelope.OneOf_Command {
        try PreparedCommand.make(route: route, body: body, parameters: parameters).command
    }

    static func code(_ body: () throws -> Any) -> Int64? {
        do {
            _ = try body()
            return nil
        } catch let error as ValidationError {
            return error.apiError.errorCode
        } catch {
            return -1
        }
    }

    @Test("the V1 history path asks for version 1; the v2 path for the current one")
    func historyVersions() throws {
        guard case .getTransactionHistory(let v1) = try Self.make(.getTransactionHistory, [], RequestParameters(transactionId: "1", version: 1)),
            case .getTransactionHistory(let v2) = try Self.make(.getTransactionHistory, [], RequestParameters(transactionId: "1"))
        else {
            Issue.record("not a history command")
            return
        }
        #expect(v1.version == 1 && v2.version == 0)
    }

    @Test("Send Consumption Information V1 is answered as V2: delivery by meaning, consumption as a percentage, preference by name")
    func consumptionVersionOne() throws {
        let body = Array(#"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":4,"consumptionStatus":2,"refundPreference":2,"platform":1,"appAccountToken":""}"#.utf8)
        guard case .sendConsumptionInformation(let command) = try Self.make(
            .sendConsumptionInformation, body, RequestParameters(transactionId: "7", version: 1))
        else {
            Issue.record("not a consumption command")
            return
        }
        #expect(command.transactionID == "7" && command.deliveryStatus == .undeliveredOther)
        #expect(command.consumptionPercentage.value == 50_000 && command.refundPreference == .decline)
        #expect(Self.code { try Self.make(.sendConsumptionInformation, Array(#"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":0,"playTime":9}"#.utf8), RequestParameters(transactionId: "7", version: 1)) } == 4_000_040)
        #expect(Self.code { try Self.make(.sendConsumptionInformation, Array(#"{"customerConsented":false,"sampleContentProvided":false,"deliveryStatus":0}"#.utf8), RequestParameters(transactionId: "7", version: 1)) } == 4_000_035)
    }

    @Test("Upload Image takes a PNG and its size; anything else is Apple's InvalidImageError or BadRequestImageSizeError")
    func uploadImage() throws {
        guard case .manageRetentionMessaging(let request) = try Self.make(
            .manageRetentionMessaging, Self.png,
            RequestParameters(query: ["imageSize": ["BULLET_POINT"]], resourceId: Self.image, retentionOperation: .uploadImage))
        else {
            Issue.record("not a retention command")
            return
        }
        #expect(request.uploadImage.imageIdentifier == Self.image.lowercased() && request.uploadImage.size == .bulletPoint)
        #expect(request.uploadImage.png == Data(Self.png))
        #expect(Self.code { try Self.make(.manageRetentionMessaging, Array("GIF89a".utf8), RequestParameters(resourceId: Self.image, retentionOperation: .uploadImage)) } == 4_000_161)
        #expect(Self.code { try Self.make(.manageRetentionMessaging, Self.png, RequestParameters(query: ["imageSize": ["HUGE"]], resourceId: Self.image, retentionOperation: .uploadImage)) } == 4_000_216)
        #expect(Self.code { try Self.make(.manageRetentionMessaging, Self.png, RequestParameters(resourceId: "not-a-uuid", retentionOperation: .uploadImage)) } == 4_009_004)
    }

    @Test("Upload Message checks Apple's limits with Apple's codes", arguments: [
        (#"{"header":"\#(String(repeating: "h", count: 67))","body":"b"}"#, Int64(4_000_162)),
        (#"{"header":"h","body":"\#(String(repeating: "b", count: 145))"}"#, 4_000_163),
        (#"{"header":"h","body":"b","image":{"imageIdentifier":"A1B2C3D4-0000-4000-8000-000000000001","altText":"\#(String(repeating: "a", count: 151))"}}"#, 4_000_175),
        (#"{"header":"h","body":"b","headerPosition":"ABOVE_IMAGE"}"#, 4_000_224),
    ] as [(String, Int64)])
    func uploadMessageLimits(body: String, code: Int64) {
        #expect(Self.code { try Self.make(.manageRetentionMessaging, Array(body.utf8), RequestParameters(resourceId: Self.image, retentionOperation: .uploadMessage)) } == code)
    }

    @Test("default messages need a locale such as en-US (4000164); realtime URLs an http(s) URL (4000215) and a known environment")
    func defaultsAndURLs() throws {
        guard case .manageRetentionMessaging(let request) = try Self.make(
            .manageRetentionMessaging, Array(#"{"messageIdentifier":"A1B2C3D4-0000-4000-8000-000000000001"}"#.utf8),
            RequestParameters(productId: "news.basic.monthly", locale: "en-US", retentionOperation: .configureDefaultMessage))
        else {
            Issue.record("not a retention command")
            return
        }
        #expect(request.configureDefaultMessage.locale == "en-US" && request.configureDefaultMessage.messageIdentifier == Self.image.lowercased())
        #expect(Self.code { try Self.make(.manageRetentionMessaging, [], RequestParameters(productId: "p", locale: "english!", retentionOperation: .getDefaultMessage)) } == 4_000_164)
        #expect(Self.code { try Self.make(.manageRetentionMessaging, Array(#"{"realtimeURL":"ftp://x"}"#.utf8), RequestParameters(retentionOperation: .configureRealtimeURL)) } == 4_000_215)
        guard case .manageRetentionMessaging(let production) = try Self.make(
            .manageRetentionMessaging, [], RequestParameters(query: ["environment": ["Production"]], retentionOperation: .getRealtimeURL))
        else {
            Issue.record("not a retention command")
            return
        }
        #expect(production.getRealtimeURL.environment == .production)
    }

    @Test("the operator's review and the subscriber's answer")
    func reviewAndAnswer() throws {
        guard case .manageRetentionMessaging(let review) = try Self.make(
            .manageRetentionMessaging, Array(#"{"state":"REJECTED"}"#.utf8), RequestParameters(resourceId: Self.image, retentionOperation: .reviewMessage)),
            case .answerRetentionMessage(let answer) = try Self.make(
                .answerRetentionMessage, Array(#"{"originalTransactionId":"1","answer":"SWITCH_PLAN"}"#.utf8), RequestParameters())
        else {
            Issue.record("not the commands expected")
            return
        }
        #expect(review.review.messageIdentifier == Self.image.lowercased() && review.review.state == .rejected)
        #expect(answer.answer == .switchPlan && answer.originalTransactionID == "1")
        #expect(Self.code { try Self.make(.recordRetentionResponse, [], RequestParameters()) } != nil)
    }
}
