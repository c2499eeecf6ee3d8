import SubscriptionMessages
import Testing

@testable import SubscriptionProducer

@Suite("The 504 of a command without reply")
struct ReplyTimeoutAdviceTests {
    let failure = "no reply from the subscription service within 1500 ms"

    @Test("a request with Apple's own key names that field as the way to retry safely", arguments: [
        (CommandRoute.extendRenewalDate, "requestIdentifier"), (.massExtendRenewalDate, "requestIdentifier"),
        (.modifySubscription, "requestInfo.requestReferenceId"), (.changePrice, "requestInfo.requestReferenceId"),
        (.cancelSubscription, "requestInfo.requestReferenceId"),
    ])
    func ownKey(route: CommandRoute, field: String) {
        let advice = ReplyTimeoutAdvice(route: route, requestHadOwnKey: true, headerKey: true, commandID: "c-1")
        #expect(advice.key == .field(field))
        let message = advice.message(after: failure)
        #expect(message.hasPrefix(failure + ". The command (X-Command-Id c-1) was published and may have been applied"))
        #expect(message.contains("Retrying is safe: send the same request with the same \(field);"))
        #expect(message.contains("the retry returns the first result"))
    }

    @Test("the Idempotency-Key header is named when the request has no key of its own")
    func headerKey() {
        let advice = ReplyTimeoutAdvice(route: .purchase, requestHadOwnKey: false, headerKey: true, commandID: "c-2")
        #expect(advice.key == .header)
        #expect(advice.message(after: failure).contains("with the same Idempotency-Key header"))
    }

    @Test("without any key the 504 warns that a retry may apply the command twice and says how to avoid it")
    func noKey() {
        let advice = ReplyTimeoutAdvice(route: .switchProduct, requestHadOwnKey: false, headerKey: false, commandID: "c-3")
        #expect(advice.key == .none)
        let message = advice.message(after: failure)
        #expect(message.contains("may have been applied"))
        #expect(message.contains("a retry may apply it a second time"))
        #expect(message.contains("send an Idempotency-Key header"))
        #expect(!message.contains("Retrying is safe"))
    }

    @Test("a read is always safe to retry")
    func reads() {
        for route in [CommandRoute.getAllSubscriptionStatuses, .getMassExtensionStatus] {
            let message = ReplyTimeoutAdvice(route: route, requestHadOwnKey: false, headerKey: false, commandID: "c").message(after: failure)
            #expect(message == failure + ". The request only reads; retrying it is safe.")
        }
    }
}
