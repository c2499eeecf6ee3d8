import Foundation
import SubscriptionAPI
import SubscriptionMessages
import Testing

@testable import SubscriptionProducer

@Suite("Mapping replies to HTTP")
struct ReplyMappingTests {
    @Test("status codes map as in Protos/README step 7", arguments: [
        (Subscriptions_V1_StatusCode.ok, 200), (.invalidArgument, 400), (.outOfRange, 400), (.unauthenticated, 401),
        (.failedPrecondition, 403), (.permissionDenied, 403), (.notFound, 404), (.alreadyExists, 409),
        (.aborted, 409), (.resourceExhausted, 429), (.unimplemented, 501), (.unavailable, 503),
        (.deadlineExceeded, 504), (.internal, 500), (.unknown, 500), (.dataLoss, 500),
    ])
    func statusCodes(status: Subscriptions_V1_StatusCode, http: Int) {
        #expect(ReplyMapping.httpStatus(of: status) == http)
    }

    @Test("an error with Apple's code answers Apple's body and ErrorDetail.http_status")
    func appleError() throws {
        var reply = Subscriptions_V1_CommandReply()
        reply.status = .failedPrecondition
        reply.error = .with {
            $0.appleErrorCode = 4_030_005
            $0.message = "already extended twice in 365 days"
            $0.httpStatus = 403
        }
        let answer = ReplyMapping.httpReply(reply, route: .extendRenewalDate, signer: UnsignedTestSigner())
        #expect(answer.status == 403)
        let body = try JSONDecoder().decode(ErrorPayload.self, from: answer.body)
        #expect(body == ErrorPayload(errorCode: 4_030_005, errorMessage: "already extended twice in 365 days"))
    }

    @Test("an error without Apple's code gets <status>9999 and the field in the message")
    func ownError() throws {
        var reply = Subscriptions_V1_CommandReply()
        reply.status = .notFound
        reply.error = .with {
            $0.message = "no subscription 42"
            $0.field = "originalTransactionId"
        }
        let answer = ReplyMapping.httpReply(reply, route: .setAutoRenew, signer: UnsignedTestSigner())
        #expect(answer.status == 404)
        let body = try JSONDecoder().decode(ErrorPayload.self, from: answer.body)
        #expect(body == ErrorPayload(errorCode: 4_049_999, errorMessage: "originalTransactionId: no subscription 42"))
    }

    @Test("an OK extension reply becomes Apple's ExtendRenewalDateResponse")
    func extendResponse() throws {
        var reply = Subscriptions_V1_CommandReply()
        reply.result = .extendRenewalDate(.with {
            $0.originalTransactionID = "1000"
            $0.webOrderLineItemID = "w-1"
            $0.success = true
            $0.effectiveDate = .init(seconds: 1_700_000_000, nanos: 5_000_000)
        })
        let answer = ReplyMapping.httpReply(reply, route: .extendRenewalDate, signer: UnsignedTestSigner())
        #expect(answer.status == 200)
        let body = try JSONDecoder().decode(ExtendRenewalDateResponse.self, from: answer.body)
        #expect(body == ExtendRenewalDateResponse(
            originalTransactionId: "1000", webOrderLineItemId: "w-1", success: true, effectiveDate: 1_700_000_000_005))
    }

    @Test("an OK subscription reply becomes signed infos with Apple's literals")
    func signedInfos() throws {
        var reply = Subscriptions_V1_CommandReply()
        reply.result = .cancelSubscription(.with {
            $0.subscription.transactionInfo = .with {
                $0.transactionID = "7"
                $0.type = .autoRenewableSubscription
                $0.environment = .sandbox
                $0.revocationReason = .other
                $0.price = 4990
                $0.currency = "USD"
            }
            $0.subscription.renewalInfo = .with {
                $0.autoRenewStatus = false
                $0.priceIncreaseStatus = .notResponded
            }
        })
        let answer = ReplyMapping.httpReply(reply, route: .cancelSubscription, signer: UnsignedTestSigner())
        let body = try JSONDecoder().decode(AdvancedCommerceResponse.self, from: answer.body)
        let transaction = body.signedTransactionInfo.payload
        #expect(transaction.transactionId == "7")
        #expect(transaction.type == "Auto-Renewable Subscription")
        #expect(transaction.environment == "Sandbox")
        #expect(transaction.revocationReason == 0)
        #expect(transaction.price == 4990)
        #expect(body.signedRenewalInfo.payload.autoRenewStatus == 0)
        #expect(body.signedRenewalInfo.payload.priceIncreaseStatus == 0)
    }

    @Test("an OK reply whose result belongs to another route is a 500")
    func mismatchedResult() {
        var reply = Subscriptions_V1_CommandReply()
        reply.result = .reloadCatalog(.init())
        #expect(ReplyMapping.httpReply(reply, route: .purchase, signer: UnsignedTestSigner()).status == 500)
    }

    static let subscription = Subscriptions_V1_SubscriptionInfo.with {
        $0.transactionInfo = .with {
            $0.originalTransactionID = "2000"
            $0.transactionID = "2003"
        }
        $0.renewalInfo = .with {
            $0.originalTransactionID = "2000"
            $0.autoRenewStatus = true
        }
        $0.status = .billingGracePeriod
    }

    static func object(_ reply: HTTPReply) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
    }

    @Test("our routes answer originalTransactionId, transactionId and status as plain fields beside the signed infos", arguments: [
        (CommandRoute.purchase, Subscriptions_V1_CommandReply.OneOf_Result.purchase(.with { $0.subscription = subscription }), true),
        (.switchProduct, .switchProduct(.with { $0.subscription = subscription; $0.effectiveImmediately = true }), true),
        (.respondToPriceIncrease, .respondToPriceIncrease(.with { $0.renewalInfo = subscription.renewalInfo; $0.subscription = subscription }), false),
        (.setAutoRenew, .setAutoRenew(.with { $0.renewalInfo = subscription.renewalInfo; $0.subscription = subscription }), false),
        (.reportBillingOutcome, .reportBillingOutcome(.with { $0.status = .billingGracePeriod; $0.subscription = subscription }), true),
    ])
    func plainIds(route: CommandRoute, result: Subscriptions_V1_CommandReply.OneOf_Result, hasTransaction: Bool) throws {
        var reply = Subscriptions_V1_CommandReply()
        reply.result = result
        let body = try Self.object(ReplyMapping.httpReply(reply, route: route, signer: UnsignedTestSigner()))
        #expect(body["originalTransactionId"] as? String == "2000")
        #expect(body["transactionId"] as? String == "2003")
        #expect(body["status"] as? Int == 4)
        #expect(body["signedRenewalInfo"] is String)
        #expect((body["signedTransactionInfo"] is String) == hasTransaction)
    }

    @Test("Apple's routes stay exactly Apple-shaped: no plain ids beside the signed infos")
    func appleShape() throws {
        var reply = Subscriptions_V1_CommandReply()
        reply.result = .changePrice(.with { $0.subscription = Self.subscription })
        let body = try Self.object(ReplyMapping.httpReply(reply, route: .changePrice, signer: UnsignedTestSigner()))
        #expect(Set(body.keys) == ["signedTransactionInfo", "signedRenewalInfo"])
    }
}
