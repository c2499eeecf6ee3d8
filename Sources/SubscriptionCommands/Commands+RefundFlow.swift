import SubscriptionAPI
import SubscriptionMessages
import SwiftProtobuf

/// The refund flow (docs/refunds.md) and Set App Account Token as wire commands: Apple's
/// Send Consumption Information and Set App Account Token, our refund request and decision.
extension PreparedCommand {
    static func refundFlow(
        route: CommandRoute, body: some Sequence<UInt8>, parameters: RequestParameters
    ) throws(ValidationError) -> PreparedCommand {
        switch route {
        case .requestCustomerRefund:
            let model = try CustomerRefundRequestBody(validating: body)
            let id = try RequestProblem.identifier(parameters.transactionId, name: "transactionId")
            return PreparedCommand(.requestCustomerRefund(.with {
                $0.transactionID = id
                $0.reason = Subscriptions_V1_ConsumptionRequestReason(model.consumptionRequestReason)
            }))
        case .sendConsumptionInformation:
            // V1 (`/inApps/v1/transactions/consumption`) says the same in numbers (ConsumptionRequestV1).
            let model = parameters.version == 1
                ? try ConsumptionRequestV1(validating: body).consumptionRequest : try ConsumptionRequest(validating: body)
            let id = try RequestProblem.identifier(
                parameters.transactionId, name: "transactionId", error: .invalidTransactionId)
            return PreparedCommand(.sendConsumptionInformation(RefundFlowCommands.consumption(model, transactionID: id)))
        case .decideRefund:
            let model = try RefundDecisionRequest(validating: body)
            let id = try RequestProblem.identifier(parameters.transactionId, name: "transactionId")
            return PreparedCommand(.decideRefund(.with {
                $0.transactionID = id
                $0.decision = switch model.decision {
                case .grantFull: .grantFull
                case .grantProrated: .grantProrated
                case .decline: .decline
                case .reverse: .reverse
                }
            }))
        case .setAppAccountToken:
            let model = try UpdateAppAccountTokenRequest(validating: body)
            let id = try RequestProblem.identifier(
                parameters.transactionId, name: "originalTransactionId", error: .invalidOriginalTransactionId)
            return PreparedCommand(.setAppAccountToken(.with {
                $0.originalTransactionID = id
                $0.appAccountToken = model.appAccountToken.rawValue
            }))
        case .lookUpOrderId:
            let id = try RequestProblem.identifier(parameters.transactionId, name: "orderId")
            return PreparedCommand(.lookUpOrderID(.with { $0.orderID = id }))
        default:
            throw RequestProblem.invalid("route", "\(route.methodName) is not a refund-flow endpoint")
        }
    }
}

/// Apple's `ConsumptionRequest` as the wire command.
package enum RefundFlowCommands {
    package static func consumption(
        _ request: ConsumptionRequest, transactionID: String
    ) -> Subscriptions_V1_SendConsumptionInformationRequest {
        .with {
            $0.transactionID = transactionID
            $0.customerConsented = request.customerConsented
            $0.sampleContentProvided = request.sampleContentProvided
            $0.deliveryStatus = switch request.deliveryStatus {
            case .delivered: .delivered
            case .undeliveredQualityIssue: .undeliveredQualityIssue
            case .undeliveredWrongItem: .undeliveredWrongItem
            case .undeliveredServerOutage: .undeliveredServerOutage
            case .undeliveredOther: .undeliveredOther
            }
            if let percentage = request.consumptionPercentage {
                $0.consumptionPercentage = Google_Protobuf_Int32Value(percentage)
            }
            if let preference = request.refundPreference {
                $0.refundPreference = switch preference {
                case .decline: .decline
                case .grantFull: .grantFull
                case .grantProrated: .grantProrated
                }
            }
        }
    }
}

extension Subscriptions_V1_ConsumptionRequestReason {
    init(_ reason: ConsumptionRequestReason) {
        self = switch reason {
        case .unintendedPurchase: .unintendedPurchase
        case .fulfillmentIssue: .fulfillmentIssue
        case .unsatisfiedWithPurchase: .unsatisfiedWithPurchase
        case .legal: .legal
        case .other: .other
        }
    }
}
