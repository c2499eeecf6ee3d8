import Foundation
import SubscriptionAPI
import SubscriptionMessages
import Testing

@testable import SubscriptionCommands
@testable import SubscriptionProducer

@Suite("Mapping HTTP models to commands")
struct CommandMappingTests {
    @Test("an extension request keeps path id, days, reason code (present even when 0) and identifier")
    func extendRenewalDate() throws {
        let model = try ExtendRenewalDateRequest(
            validating: #"{"extendByDays": 30, "extendReasonCode": 0, "requestIdentifier": "r-1"}"#)
        let command = AppStoreServerAPICommands.extendRenewalDate(model, originalTransactionID: "1000")
        #expect(command.originalTransactionID == "1000")
        #expect(command.extendByDays == 30)
        #expect(command.hasExtendReasonCode)
        #expect(command.extendReasonCode.value == 0)
        #expect(command.requestIdentifier == "r-1")
    }

    @Test("a mass extension without storefronts sends none")
    func massExtension() throws {
        let model = try MassExtendRenewalDateRequest(validating: """
            {"extendByDays": 5, "extendReasonCode": 3, "productId": "com.example.monthly",
             "requestIdentifier": "8A6C1B54-4B0A-4D44-9B77-0C3DE4F9D6B1"}
            """)
        let command = AppStoreServerAPICommands.massExtendRenewalDate(model)
        #expect(command.productID == "com.example.monthly")
        #expect(command.storefrontCountryCodes.isEmpty)
        #expect(command.extendReasonCode.value == 3)
    }

    @Test("MODIFY_SUBSCRIPTION keeps list presence, the billing-cycle flag and item fields")
    func modify() throws {
        let request = try InAppRequest(validating: """
            {"operation": "MODIFY_SUBSCRIPTION", "version": "1",
             "requestInfo": {"requestReferenceId": "3F1E0A52-2D7B-4C55-8F14-6A2B9C0D1E2F"},
             "transactionId": "2000", "retainBillingCycle": false,
             "changeItems": [{"currentSKU": "basic", "SKU": "pro", "displayName": "Pro", "description": "Pro plan",
                              "price": 9990, "effective": "IMMEDIATELY", "reason": "UPGRADE", "proratedPrice": 0}]}
            """)
        let prepared = try PreparedCommand.inApp(request, customerID: nil)
        #expect(prepared.idempotencyKey == "3f1e0a52-2d7b-4c55-8f14-6a2b9c0d1e2f")
        guard case .modifySubscription(let command) = prepared.command else {
            Issue.record("expected modify, got \(prepared.command)")
            return
        }
        #expect(command.operation == .modifySubscription)
        #expect(command.transactionID == "2000")
        #expect(command.hasRetainBillingCycle && command.retainBillingCycle.value == false)
        #expect(!command.hasAddItems && !command.hasRemoveItems && command.hasChangeItems)
        let item = try #require(command.changeItems.items.first)
        #expect(item.currentSku == "basic" && item.sku == "pro" && item.description_p == "Pro plan")
        #expect(item.price == 9990 && item.effective == .immediately && item.reason == .upgrade)
        #expect(item.hasProratedPrice && item.proratedPrice.value == 0)
    }

    @Test("CREATE_SUBSCRIPTION needs the X-Customer-Id header, named in the error")
    func createNeedsCustomer() throws {
        let request = try InAppRequest(validating: """
            {"operation": "CREATE_SUBSCRIPTION", "version": "1",
             "requestInfo": {"requestReferenceId": "3F1E0A52-2D7B-4C55-8F14-6A2B9C0D1E2F"},
             "currency": "USD", "descriptors": {"displayName": "News", "description": "All news"},
             "items": [{"SKU": "news", "displayName": "News", "description": "All news", "price": 4990}],
             "period": "P1M", "taxCode": "C003-00-1"}
            """)
        #expect(throws: ValidationError.self) { try PreparedCommand.inApp(request, customerID: nil) }
        do {
            _ = try PreparedCommand.inApp(request, customerID: nil)
        } catch {
            #expect(error.names("X-Customer-Id"))
            #expect(error.httpStatus == 400)
        }
        guard case .createSubscription(let command) = try PreparedCommand.inApp(request, customerID: "c-1").command
        else {
            Issue.record("expected create")
            return
        }
        #expect(command.customerID == "c-1")
        #expect(command.items.map(\.price) == [4990])
        #expect(command.period == "P1M")
        #expect(command.descriptors.displayName == "News")
    }

    @Test("revoke and refund map their enums and amounts")
    func revokeAndRefund() throws {
        let info = #""requestInfo": {"requestReferenceId": "3F1E0A52-2D7B-4C55-8F14-6A2B9C0D1E2F"}"#
        let revoke = try RevokeSubscriptionRequest(validating: """
            {\(info), "refundReason": "LEGAL", "refundType": "PRORATED", "refundRiskingPreference": true}
            """)
        let revokeCommand = AdvancedCommerceCommands.revoke(revoke, transactionID: "3")
        #expect(revokeCommand.refundReason == .legal && revokeCommand.refundType == .prorated)
        #expect(revokeCommand.refundRiskingPreference)
        let refund = try RequestRefundRequest(validating: """
            {\(info), "refundRiskingPreference": false,
             "items": [{"SKU": "a", "refundReason": "OTHER", "refundType": "CUSTOM", "revoke": false, "refundAmount": 1500}]}
            """)
        let refundCommand = AdvancedCommerceCommands.requestRefund(refund, transactionID: "4")
        #expect(refundCommand.items.first?.refundAmount.value == 1500)
        #expect(refundCommand.items.first?.refundType == .custom)
    }

    @Test("our bodies: purchase offer, auto-renew, payment outcome, consent")
    func serviceBodies() throws {
        let purchase = ServiceCommands.purchase(try PurchaseRequest(validating: """
            {"customerId": "c-9", "productId": "com.example.yearly", "storefront": "FRA",
             "offer": {"offerType": 2, "offerIdentifier": "promo"}}
            """))
        #expect(purchase.customerID == "c-9" && purchase.storefront == "FRA")
        #expect(purchase.offer.offerType == .promotional && purchase.offer.offerIdentifier == "promo")
        let off = ServiceCommands.setAutoRenew(try AutoRenewRequest(
            validating: #"{"originalTransactionId": "5", "autoRenewStatus": 0}"#))
        #expect(off.action == .disable)
        let outcome = ServiceCommands.reportBillingOutcome(try PaymentOutcomeRequest(
            validating: #"{"originalTransactionId": "5", "outcome": "PAYMENT_METHOD_FIXED"}"#))
        #expect(outcome.outcome == .paymentMethodFixed)
        let consent = ServiceCommands.respondToPriceIncrease(try PriceIncreaseResponseRequest(
            validating: #"{"originalTransactionId": "5", "response": "SHEET_ACKNOWLEDGED"}"#))
        #expect(consent.response == .sheetAcknowledged)
    }

    @Test("a clock advance by days and hours becomes a Duration; with years or months it becomes a calendar advance")
    func clockAdvance() throws {
        let byDays = ServiceCommands.advanceTestClock(try ClockAdvanceRequest(validating: #"{"advanceBy": "P1DT2H"}"#))
        #expect(byDays.advanceBy.seconds == 86_400 + 7_200)
        let to = ServiceCommands.advanceTestClock(try ClockAdvanceRequest(validating: #"{"advanceTo": 1700000000123}"#))
        #expect(to.advanceTo.seconds == 1_700_000_000 && to.advanceTo.nanos == 123_000_000)
        let month = ServiceCommands.advanceTestClock(try ClockAdvanceRequest(validating: #"{"advanceBy": "P1M"}"#))
        #expect(month.advanceByCalendar.months == 1)
        #expect(month.advanceByCalendar.plus.seconds == 0)
        let mixed = ServiceCommands.advanceTestClock(try ClockAdvanceRequest(validating: #"{"advanceBy": "P1Y2M1W3DT4H"}"#))
        #expect(mixed.advanceByCalendar.months == 14)
        #expect(mixed.advanceByCalendar.plus.seconds == 10 * 86_400 + 4 * 3_600)
    }
}
