import CompactCoding
import Testing

@testable import SubscriptionEngine

/// Retention messaging in the engine (docs/retention-messaging.md): the offer auto-renew off
/// opens, the app's answer recorded, the subscriber's answer; and Get App Transaction Info,
/// Finish Transaction and Get Transaction History V1.
@Suite struct RetentionTests {
    static let context = RetentionContext(
        realtimeURLConfigured: true, defaultMessageProductIds: [], requestIdentifier: "5d0c4e4a-1b2c-4d3e-8f9a-0b1c2d3e4f5a")
    static let fallback = RetentionPresentation(source: .defaultMessage, messageIdentifier: "default-message")

    static func retention(_ outcome: EngineOutcome) -> (SubscriptionInfo, RetentionOffer?)? {
        if case .retention(let info, let offer) = outcome.reply { return (info, offer) }
        return nil
    }

    /// A basic monthly subscriber whose auto-renew off opened an offer.
    static func opened() throws -> (Harness, String) {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false, retention: context, locale: "fr-FR")))
        return (harness, id)
    }

    static func record(_ id: String, _ candidate: RetentionPresentation, fallback: RetentionPresentation? = fallback) -> EngineCommand {
        .recordRetentionResponse(RecordRetentionResponseRequest(
            originalTransactionId: id, requestIdentifier: context.requestIdentifier, candidate: candidate, defaultPresentation: fallback))
    }

    @Test("auto-renew off with retention messaging on opens an offer: auto-renew stays on, RETENTION_REQUESTED; asking again opens nothing new")
    func opensOffer() throws {
        var (harness, id) = try Self.opened()
        #expect(Harness.kinds(harness.events).suffix(1) == ["RETENTION_MESSAGE/RETENTION_REQUESTED"])
        #expect(try harness.subscription(id).autoRenewStatus)
        let offer = try #require(try harness.subscription(id).retentionOffer)
        #expect(offer.state == .requested && offer.locale == "fr-FR" && offer.productId == "news.basic.monthly")
        let before = harness.events.count
        let again = try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false, retention: Self.context)))
        #expect(harness.events.count == before)
        #expect(Self.retention(again)?.1 == offer)
    }

    @Test("a locale that is not one is refused with InvalidLocaleError; nothing changes")
    func badLocale() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        let rejection = try harness.rejected(.setAutoRenew(SetAutoRenewRequest(
            originalTransactionId: id, enable: false, retention: Self.context, locale: "english please")))
        #expect(rejection?.appleErrorCode == 4_000_164 && rejection?.field == "locale")
        #expect(try harness.subscription(id).autoRenewStatus && harness.subscription(id).retentionOffer == nil)
        #expect(SubscriptionEngine.isLocale("zh-Hant-TW") && SubscriptionEngine.isLocale("es-419") && !SubscriptionEngine.isLocale("e"))
    }

    @Test("without a URL or a default message for the product, auto-renew off turns it off at once")
    func noRetentionWithoutConfiguration() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        let none = RetentionContext(realtimeURLConfigured: false, defaultMessageProductIds: ["news.premium.monthly"], requestIdentifier: "r")
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false, retention: none)))
        #expect(Harness.kinds(harness.events).suffix(1) == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"])
        #expect(try harness.subscription(id).retentionOffer == nil)
        let withDefault = try harness.purchase("news.premium.monthly", customer: "bob")
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: withDefault, enable: false, retention: none)))
        #expect(try harness.subscription(withDefault).retentionOffer?.state == .requested)
    }

    @Test("the app's answer is presented once; a redelivered answer changes nothing")
    func presentsOnce() throws {
        var (harness, id) = try Self.opened()
        let message = RetentionPresentation(source: .app, messageIdentifier: "m1", httpStatus: 200, latencyMilliseconds: 12, sendAttemptResult: "SUCCESS")
        try harness.ok(Self.record(id, message))
        #expect(Harness.kinds(harness.events).suffix(1) == ["RETENTION_MESSAGE/RETENTION_PRESENTED"])
        #expect(try harness.subscription(id).retentionOffer?.presentation == message)
        let before = harness.events.count
        try harness.ok(Self.record(id, RetentionPresentation(source: .app, messageIdentifier: "other")))
        #expect(harness.events.count == before)
        #expect(try harness.subscription(id).retentionOffer?.presentation?.messageIdentifier == "m1")
        #expect(try harness.rejected(.recordRetentionResponse(RecordRetentionResponseRequest(
            originalTransactionId: id, requestIdentifier: "another", candidate: message, defaultPresentation: nil)))?.code == .notFound)
    }

    @Test("a switch-plan product of another group or an unknown offer falls back to the default (INVALID_CHOICE), or to nothing")
    func invalidChoicesFallBack() throws {
        var (harness, id) = try Self.opened()
        try harness.ok(Self.record(id, RetentionPresentation(source: .app, messageIdentifier: "m1", alternateProductId: "sports.monthly", httpStatus: 200)))
        let shown = try #require(try harness.subscription(id).retentionOffer?.presentation)
        #expect(shown.source == .defaultMessage && shown.messageIdentifier == "default-message" && shown.fallbackReason == .invalidChoice)
        #expect(shown.httpStatus == 200 && shown.fallbackDetail.contains("sports.monthly"))
        var (second, other) = try Self.opened()
        try second.ok(Self.record(
            other, RetentionPresentation(source: .app, messageIdentifier: "m1", promotionalOfferIdentifier: "no-such-offer"), fallback: nil))
        let nothing = try #require(try second.subscription(other).retentionOffer?.presentation)
        #expect(nothing.source == .none && nothing.fallbackReason == .invalidChoice)
        #expect(try second.rejected(.answerRetentionMessage(AnswerRetentionMessageRequest(originalTransactionId: other, answer: .acceptOffer)))?.code
            == .failedPrecondition)
    }

    @Test("ACCEPT_OFFER redeems the promotional offer (OFFER_REDEEMED): the next renewal carries it, auto-renew stays on")
    func acceptOffer() throws {
        var (harness, id) = try Self.opened()
        try harness.ok(Self.record(id, RetentionPresentation(
            source: .app, messageIdentifier: "m1", promotionalOfferIdentifier: "thanks", promotionalOfferProductId: "news.basic.monthly")))
        let outcome = try harness.ok(.answerRetentionMessage(AnswerRetentionMessageRequest(originalTransactionId: id, answer: .acceptOffer)))
        #expect(Harness.kinds(outcome.events) == ["OFFER_REDEEMED/-", "RETENTION_MESSAGE/RETENTION_ANSWERED"])
        let subscription = try harness.subscription(id)
        #expect(subscription.autoRenewStatus && subscription.retentionOffer?.answer == .acceptOffer)
        #expect(Self.retention(outcome)?.0.renewalInfo.offerIdentifier == "thanks")
    }

    @Test("SWITCH_PLAN switches to the suggested product with the engine's switch (an upgrade: at once)")
    func switchPlan() throws {
        var (harness, id) = try Self.opened()
        try harness.ok(Self.record(id, RetentionPresentation(source: .app, messageIdentifier: "m1", alternateProductId: "news.standard.monthly")))
        let outcome = try harness.ok(.answerRetentionMessage(AnswerRetentionMessageRequest(originalTransactionId: id, answer: .switchPlan)))
        #expect(Harness.kinds(outcome.events) == ["DID_CHANGE_RENEWAL_PREF/UPGRADE", "RETENTION_MESSAGE/RETENTION_ANSWERED"])
        #expect(try harness.subscription(id).productId == "news.standard.monthly")
    }

    @Test("CANCEL turns auto-renew off; KEEP keeps it; an answered offer takes no second answer")
    func cancelAndKeep() throws {
        var (harness, id) = try Self.opened()
        let cancelled = try harness.ok(.answerRetentionMessage(AnswerRetentionMessageRequest(originalTransactionId: id, answer: .cancel)))
        #expect(Harness.kinds(cancelled.events) == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "RETENTION_MESSAGE/RETENTION_ANSWERED"])
        #expect(try !harness.subscription(id).autoRenewStatus)
        #expect(try harness.rejected(.answerRetentionMessage(AnswerRetentionMessageRequest(originalTransactionId: id, answer: .keep)))?.code
            == .failedPrecondition)
        var (second, other) = try Self.opened()
        let kept = try second.ok(.answerRetentionMessage(AnswerRetentionMessageRequest(originalTransactionId: other, answer: .keep)))
        #expect(Harness.kinds(kept.events) == ["RETENTION_MESSAGE/RETENTION_ANSWERED"])
        #expect(try second.subscription(other).autoRenewStatus)
        #expect(try second.rejected(.answerRetentionMessage(AnswerRetentionMessageRequest(originalTransactionId: other, answer: nil)))?.code
            == .invalidArgument)
    }

    @Test("turning auto-renew back on answers an open offer KEEP")
    func enablingKeeps() throws {
        var (harness, id) = try Self.opened()
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: true)))
        #expect(try harness.subscription(id).retentionOffer?.answer == .keep)
        #expect(Harness.kinds(harness.events).suffix(1) == ["RETENTION_MESSAGE/RETENTION_ANSWERED"])
    }

    @Test("the offer survives the stored form (subscription fields 42 and 43)")
    func storedForm() throws {
        var (harness, id) = try Self.opened()
        try harness.ok(Self.record(id, RetentionPresentation(
            source: .defaultMessage, fallbackReason: .timedOut, fallbackDetail: "slow", messageIdentifier: "d", httpStatus: 0,
            latencyMilliseconds: 700, sendAttemptResult: "TIMED_OUT")))
        try harness.ok(.finishTransaction(FinishTransactionRequest(transactionId: id)))
        let subscription = try harness.subscription(id)
        let decoded = try subscription.recordBytes().withUnsafeBytes { try Subscription(recordBytes: $0) }
        #expect(decoded.retentionOffer == subscription.retentionOffer && decoded.finishedTransactionIds == [id])
    }

    @Test("Get App Transaction Info: one app transaction per customer, from the first purchase; Finish Transaction knows the transaction")
    func appTransactionAndFinish() throws {
        var harness = try Harness()
        let first = try harness.purchase("news.basic.monthly")
        harness.now = try harness.now.adding(days: 3)
        let second = try harness.purchase("sports.monthly")
        let other = try harness.purchase("sports.monthly", customer: "bob")
        func app(_ id: String) throws -> AppTransaction? {
            if case .appTransaction(let transaction) = try harness.ok(.getAppTransactionInfo(GetAppTransactionInfoRequest(transactionId: id))).reply {
                return transaction
            }
            return nil
        }
        let alice = try #require(try app(second))
        #expect(try app(first)?.appTransactionId == alice.appTransactionId)
        #expect(try app(other)?.appTransactionId != alice.appTransactionId)
        #expect(alice.originalPurchaseDate == (try harness.subscription(first)).originalPurchaseDate)
        #expect(alice.appTransactionId.count == 18 && alice.appTransactionId.allSatisfy(\.isNumber) && alice.receiptType == .sandbox)
        #expect(try harness.rejected(.finishTransaction(FinishTransactionRequest(transactionId: "404404")))?.appleErrorCode == 4_040_010)
        try harness.ok(.finishTransaction(FinishTransactionRequest(transactionId: first)))
        try harness.ok(.finishTransaction(FinishTransactionRequest(transactionId: first)))
        #expect(try harness.subscription(first).finishedTransactionIds == [first])
    }

    @Test("Get Transaction History V1 lists what v2 lists, with revisions of its own that v2 refuses")
    func historyVersionOne() throws {
        var (harness, weekly, _) = try HistoryQueryTests.renewed()
        var v1: [String] = []
        var revision = ""
        repeat {
            let page = try #require(HistoryQueryTests.page(try harness.ok(.getTransactionHistory(
                TransactionHistoryRequest(transactionId: weekly, revision: revision, version: 1)))))
            v1 += page.transactions.map(\.transactionId)
            revision = page.revision
            if !page.hasMore { break }
        } while true
        let v2 = try #require(HistoryQueryTests.page(try harness.ok(.getTransactionHistory(TransactionHistoryRequest(transactionId: weekly)))))
        #expect(Array(v1.prefix(20)) == v2.transactions.map(\.transactionId))
        #expect(revision.hasPrefix("v"))
        #expect(try harness.rejected(.getTransactionHistory(TransactionHistoryRequest(transactionId: weekly, revision: revision)))?.appleErrorCode
            == 4_000_005)
        #expect(try harness.rejected(.getTransactionHistory(TransactionHistoryRequest(transactionId: weekly, revision: v2.revision, version: 1)))?
            .appleErrorCode == 4_000_005)
    }
}
