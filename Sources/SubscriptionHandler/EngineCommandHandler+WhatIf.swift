import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

/// `price_change_what_if` (docs/what-if.md, R-WIF-1…5): one page of a planned price change's
/// what-if on the clock the envelope names (else the consumer's), read from the store and never
/// written. The consumer also runs it as a preview (a rolled-back savepoint, nothing recorded).
extension EngineCommandHandler {
    func priceChangeWhatIf(
        _ request: Subscriptions_V1_PriceChangeWhatIfRequest, of envelope: Subscriptions_V1_CommandEnvelope,
        command: Subscriptions_V1_CommandEnvelope.OneOf_Command, at consumerNow: Timestamp,
        in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        let clock: CommandClock
        switch try CommandClock.resolve(envelope, command: command, consumerNow: consumerNow, in: transaction) {
        case .success(let resolved): clock = resolved
        case .failure(let rejection):
            return try refuse(envelope, rejection, at: consumerNow, firesDueTransitions: false, in: transaction)
        }
        let engineRequest: PriceChangeWhatIfRequest
        switch Self.whatIfRequest(request) {
        case .success(let mapped): engineRequest = mapped
        case .failure(let rejection):
            return try refuse(envelope, rejection, at: clock.now, firesDueTransitions: false, in: transaction)
        }
        let page: PriceChangeWhatIfPage
        do {
            page = try engine.priceChangeWhatIf(
                engineRequest, at: clock.now, store: AggregateEngineStore(transaction, clockId: clock.testClockId))
        } catch let rejection as EngineRejection {
            return try refuse(envelope, rejection, at: clock.now, firesDueTransitions: false, in: transaction)
        }
        return CommandOutcome(
            reply: Subscriptions_V1_CommandReply(
                commandId: envelope.commandID, result: .priceChangeWhatIf(Self.whatIfReply(page)), repliedAt: clock.now),
            events: [])
    }

    /// The wire request as the engine's; the consent rate out of range is refused by name.
    static func whatIfRequest(
        _ request: Subscriptions_V1_PriceChangeWhatIfRequest
    ) -> Result<PriceChangeWhatIfRequest, EngineRejection> {
        guard let consent = ConsentAssumption(basisPoints: Int(request.consentRateBasisPoints)) else {
            return .failure(EngineRejection(
                .invalidArgument, error: .invalidValue, field: "consentRateBasisPoints",
                "consentRateBasisPoints must be 0…10000 (8000 = 80 %), got \(request.consentRateBasisPoints)"))
        }
        return .success(PriceChangeWhatIfRequest(
            productId: request.productID,
            prices: request.prices.map { WhatIfPrice(storefront: StorefrontCode($0.storefront), price: Milliunits($0.price)) },
            consent: consent, cursor: request.cursor,
            limit: request.limit == 0 ? PriceChangeWhatIfRequest.defaultLimit : Int(request.limit)))
    }

    static func whatIfReply(_ page: PriceChangeWhatIfPage) -> Subscriptions_V1_PriceChangeWhatIfReply {
        .with { reply in
            reply.scanned = UInt32(page.scanned)
            reply.nextCursor = page.nextCursor ?? ""
            reply.asOf = page.asOf.protobuf
            reply.storefronts = page.storefronts.map { answer in
                .with {
                    $0.storefront = answer.storefront.rawValue
                    $0.subscriptions = UInt32(answer.subscriptions)
                    $0.notEligible = UInt32(answer.notEligible)
                    $0.consentRequired = UInt32(answer.consentRequired)
                    $0.withoutConsent = UInt32(answer.withoutConsent)
                    $0.decreases = UInt32(answer.decreases)
                    $0.assumedConsents = UInt32(answer.assumedConsents)
                    $0.expiredPriceIncrease = UInt32(answer.expiredPriceIncrease)
                    $0.renewedAtNewPrice = UInt32(answer.renewedAtNewPrice)
                    $0.communications = UInt32(answer.communications)
                    if let first = answer.firstCommunication { $0.firstCommunication = first.protobuf }
                    if let last = answer.lastCommunication { $0.lastCommunication = last.protobuf }
                    if let first = answer.firstEffectiveDate { $0.firstEffectiveDate = first.protobuf }
                    if let last = answer.lastEffectiveDate { $0.lastEffectiveDate = last.protobuf }
                }
            }
        }
    }
}
