import Hummingbird
import SubscriptionAPI
import SubscriptionMessages

/// Our own endpoints under `/v1` for what Apple has no endpoint for; replays are recognised by
/// the `Idempotency-Key` header.
extension ProducerRoutes {
    static func addService(to router: Router<Context>, gateway: CommandGateway) {
        let v1 = router.group("v1")
        v1.post("purchases") { request, _ in
            try await gateway.handle(request) { body throws(ValidationError) in
                PreparedCommand(.purchase(ServiceCommands.purchase(try PurchaseRequest(validating: body.readableBytesView))))
            }
        }
        v1.post("subscriptions/switchProduct") { request, _ in
            try await gateway.handle(request) { body throws(ValidationError) in
                PreparedCommand(.switchProduct(
                    ServiceCommands.switchProduct(try SwitchProductRequest(validating: body.readableBytesView))))
            }
        }
        v1.post("subscriptions/priceIncreaseResponse") { request, _ in
            try await gateway.handle(request) { body throws(ValidationError) in
                PreparedCommand(.respondToPriceIncrease(ServiceCommands.respondToPriceIncrease(
                    try PriceIncreaseResponseRequest(validating: body.readableBytesView))))
            }
        }
        v1.post("subscriptions/autoRenew") { request, _ in
            try await gateway.handle(request) { body throws(ValidationError) in
                PreparedCommand(.setAutoRenew(
                    ServiceCommands.setAutoRenew(try AutoRenewRequest(validating: body.readableBytesView))))
            }
        }
        v1.post("subscriptions/paymentOutcome") { request, _ in
            try await gateway.handle(request) { body throws(ValidationError) in
                PreparedCommand(.reportBillingOutcome(
                    ServiceCommands.reportBillingOutcome(try PaymentOutcomeRequest(validating: body.readableBytesView))))
            }
        }
        v1.post("testClock/advance") { request, _ in
            try await gateway.handle(request) { body throws(ValidationError) in
                PreparedCommand(.advanceTestClock(
                    try ServiceCommands.advanceTestClock(try ClockAdvanceRequest(validating: body.readableBytesView))))
            }
        }
        v1.post("catalog/reload") { request, _ in
            try await gateway.handle(request) { body throws(ValidationError) in
                PreparedCommand(.reloadCatalog(
                    ServiceCommands.reloadCatalog(try CatalogReloadRequest(validating: body.readableBytesView))))
            }
        }
    }
}
