import Foundation
import Hummingbird
import HummingbirdTesting
import SubscriptionMessages
import SwiftProtobuf
import Testing

@testable import SubscriptionProducer

/// The refund flow's routes (docs/refunds.md) against a real broker: the commands published
/// and Apple's empty 202 / 200 answers.
extension ProducerHTTPTests {
    /// Answers the refund-flow commands as the consumer would on success.
    static func refundReply(_ envelope: Subscriptions_V1_CommandEnvelope) -> Subscriptions_V1_CommandReply {
        let subscription = Subscriptions_V1_SubscriptionInfo.with {
            $0.transactionInfo = .with {
                $0.transactionID = "1001-2"
                $0.originalTransactionID = "1001"
            }
            $0.status = .active
        }
        var reply = Subscriptions_V1_CommandReply()
        switch envelope.command {
        case .requestCustomerRefund: reply.result = .requestCustomerRefund(.with { $0.subscription = subscription })
        case .decideRefund: reply.result = .decideRefund(.with { $0.subscription = subscription })
        case .sendConsumptionInformation: reply.result = .sendConsumptionInformation(.init())
        case .setAppAccountToken: reply.result = .setAppAccountToken(.init())
        default: return purchaseReply(envelope)
        }
        return reply
    }

    @Test("R-REF-1 R-REF-2 R-REF-3 R-REF-4 R-REF-5 the refund-flow routes publish their commands; Apple's routes answer 202 and 200 with no body")
    func refundFlowRoutes() async throws {
        try await withProducer(answer: Self.refundReply) { client, replier in
            let asked = try await client.execute(
                uri: "/v1/transactions/1001-2/refundRequest", method: .post,
                body: ByteBuffer(string: #"{"consumptionRequestReason": "LEGAL"}"#))
            #expect(asked.status == .ok)
            #expect(String(buffer: asked.body).contains(#""transactionId":"1001-2""#), "\(String(buffer: asked.body))")
            let consumption = try await client.execute(
                uri: "/inApps/v2/transactions/consumption/1001-2", method: .put,
                body: ByteBuffer(string: #"{"customerConsented": true, "sampleContentProvided": false, "deliveryStatus": "UNDELIVERED_WRONG_ITEM", "consumptionPercentage": 50000, "refundPreference": "GRANT_FULL"}"#))
            #expect(consumption.status == .accepted)
            #expect(consumption.body.readableBytes == 0)
            #expect(consumption.headers[.contentType] == nil)
            let decided = try await client.execute(
                uri: "/v1/transactions/1001-2/refundDecision", method: .post, body: ByteBuffer(string: #"{"decision": "REVERSE"}"#))
            #expect(decided.status == .ok)
            let token = try await client.execute(
                uri: "/inApps/v1/transactions/1001/appAccountToken", method: .put,
                body: ByteBuffer(string: #"{"appAccountToken": "7e3fb20b-4cdb-47cc-936d-99d65f608138"}"#))
            #expect(token.status == .ok)
            #expect(token.body.readableBytes == 0)

            let envelopes = replier.commands.map(\.envelope)
            #expect(envelopes.count == 4)
            #expect(envelopes[0].requestCustomerRefund.transactionID == "1001-2")
            #expect(envelopes[0].requestCustomerRefund.reason == .legal)
            let sent = envelopes[1].sendConsumptionInformation
            #expect(sent.transactionID == "1001-2" && sent.customerConsented && !sent.sampleContentProvided)
            #expect(sent.deliveryStatus == .undeliveredWrongItem)
            #expect(sent.consumptionPercentage == Google_Protobuf_Int32Value(50_000))
            #expect(sent.refundPreference == .grantFull)
            #expect(envelopes[2].decideRefund.decision == .reverse)
            #expect(envelopes[3].setAppAccountToken.originalTransactionID == "1001")
            #expect(envelopes[3].setAppAccountToken.appAccountToken == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
            #expect(replier.commands.map(\.routingKey) == [
                CommandRoute.requestCustomerRefund.routingKey, CommandRoute.sendConsumptionInformation.routingKey,
                CommandRoute.decideRefund.routingKey, CommandRoute.setAppAccountToken.routingKey,
            ])
        }
    }

    @Test("R-REF-2 R-REF-5 bad consumption and token bodies answer Apple's codes naming the field and publish nothing")
    func refundFlowValidation() async throws {
        try await withProducer(answer: Self.refundReply) { client, replier in
            for (uri, body, code, field) in [
                ("/inApps/v2/transactions/consumption/1001", #"{"customerConsented": false, "sampleContentProvided": true, "deliveryStatus": "DELIVERED"}"#, 4_000_035, "customerConsented"),
                ("/inApps/v2/transactions/consumption/1001", #"{"customerConsented": true, "sampleContentProvided": true, "deliveryStatus": "LOST"}"#, 4_000_036, "deliveryStatus"),
                ("/inApps/v2/transactions/consumption/1001", #"{"customerConsented": true, "deliveryStatus": "DELIVERED"}"#, 4_000_041, "sampleContentProvided"),
                ("/inApps/v1/transactions/1001/appAccountToken", #"{"appAccountToken": "abc"}"#, 4_000_183, "appAccountToken"),
            ] {
                let response = try await client.execute(uri: uri, method: .put, body: ByteBuffer(string: body))
                #expect(response.status == .badRequest, "\(body)")
                let text = String(buffer: response.body)
                #expect(text.contains("\(code)"), "\(text)")
                #expect(text.contains(field), "\(text)")
            }
            let decision = try await client.execute(
                uri: "/v1/transactions/1001/refundDecision", method: .post, body: ByteBuffer(string: #"{"decision": "MAYBE"}"#))
            #expect(decision.status == .badRequest)
            #expect(String(buffer: decision.body).contains("decision"))
            #expect(replier.commands.isEmpty)
        }
    }
}
