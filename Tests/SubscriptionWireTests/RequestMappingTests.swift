import SubscriptionMessages
import Testing

@testable import SubscriptionEngine
@testable import SubscriptionWire

/// Proto requests map onto the engine's mirrors: absent = nil, UNSPECIFIED = nil.
@Suite struct RequestMappingTests {
    @Test("modify: presence wrappers, enums and prorated prices")
    func modify() {
        let proto = Subscriptions_V1_ModifySubscriptionRequest.with {
            $0.operation = .modifySubscription
            $0.version = "1"
            $0.requestInfo = .with {
                $0.requestReferenceID = "ref"
                $0.consistencyToken = "token"
            }
            $0.transactionID = "t"
            $0.retainBillingCycle = .init(false)
            $0.changeItems = .with {
                $0.items = [.with {
                    $0.currentSku = "A"
                    $0.sku = "B"
                    $0.price = 100
                    $0.effective = .nextBillCycle
                    $0.proratedPrice = .init(40)
                }]
            }
            $0.removeItems = .with { $0.items = [.with { $0.sku = "C" }] }
            $0.periodChange = .with { $0.period = "P1Y" }
        }
        let request = ModifySubscriptionRequest(proto)
        #expect(request.operation == .modifySubscription)
        #expect(request.requestInfo == RequestInfo(requestReferenceId: "ref", consistencyToken: "token"))
        #expect(request.retainBillingCycle == false)
        #expect(request.addItems == nil)
        #expect(request.changeItems == [
            ModifyChangeItem(
                currentSKU: "A", item: AdvancedCommerceItem(sku: "B", price: 100), effective: .nextBillCycle, reason: nil,
                proratedPrice: 40),
        ])
        #expect(request.removeItems == ["C"])
        #expect(request.periodChange == ModifyPeriodChange(effective: nil, period: "P1Y"))
        #expect(request.descriptors == nil)
        #expect(request.currency == nil)
    }

    @Test("absent requestInfo, retain flag and wrapper lists stay nil")
    func absent() {
        let request = ModifySubscriptionRequest(Subscriptions_V1_ModifySubscriptionRequest())
        #expect(request.operation == nil)
        #expect(request.requestInfo == nil)
        #expect(request.retainBillingCycle == nil)
        #expect(request.addItems == nil && request.changeItems == nil && request.removeItems == nil)
        #expect(request.periodChange == nil)
    }

    @Test("an extend reason code of 0 is present, an absent one is nil")
    func extendReasonCode() {
        var proto = Subscriptions_V1_ExtendRenewalDateRequest.with {
            $0.originalTransactionID = "o"
            $0.extendByDays = 30
            $0.extendReasonCode = .init(0)
            $0.requestIdentifier = "r"
        }
        #expect(ExtendRenewalDateRequest(proto).extendReasonCode == 0)
        proto.clearExtendReasonCode()
        #expect(ExtendRenewalDateRequest(proto).extendReasonCode == nil)
    }

    @Test("auto-renew action, billing outcome and price increase response: UNSPECIFIED is nil")
    func unspecifiedEnums() {
        #expect(SetAutoRenewRequest(.with { $0.action = .enable }).enable == true)
        #expect(SetAutoRenewRequest(.with { $0.action = .disable }).enable == false)
        #expect(SetAutoRenewRequest(.init()).enable == nil)
        #expect(ReportBillingOutcomeRequest(.with { $0.outcome = .paymentMethodFixed }).outcome == .paymentMethodFixed)
        #expect(ReportBillingOutcomeRequest(.init()).outcome == nil)
        #expect(RespondToPriceIncreaseRequest(.with { $0.response = .sheetAcknowledged }).response == .sheetAcknowledged)
        #expect(RespondToPriceIncreaseRequest(.with { $0.response = .UNRECOGNIZED(42) }).response == nil)
    }

    @Test("refund items must agree; the first carries the terms")
    func refundItems() throws {
        var proto = Subscriptions_V1_RequestRefundRequest.with {
            $0.transactionID = "t"
            $0.items = [.with {
                $0.sku = "A"
                $0.refundType = .custom
                $0.refundReason = .legal
                $0.refundAmount = .init(500)
            }]
        }
        let request = try RequestRefundRequest(proto)
        #expect(request.refundType == .custom)
        #expect(request.refundReason == .legal)
        #expect(request.refundAmount == 500)
        #expect(request.requestInfo == nil)
        proto.items.append(.with { $0.sku = "B" })
        #expect(throws: EngineRejection.self) { try RequestRefundRequest(proto) }
        proto.items = []
        #expect(throws: EngineRejection.self) { try RequestRefundRequest(proto) }
    }

    @Test("the service's own commands are not engine commands")
    func serviceCommands() throws {
        #expect(try EngineCommand(.advanceTestClock(.init())) == nil)
        #expect(try EngineCommand(.reloadCatalog(.init())) == nil)
        #expect(try EngineCommand(.getMassExtensionStatus(.with { $0.productID = "p" }))
            == .getMassExtensionStatus(GetMassExtensionStatusRequest(productId: "p", requestIdentifier: "")))
    }
}
