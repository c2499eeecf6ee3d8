// libFuzzer target (scripts/fuzz.sh, docs/reliability.md "Fuzzing"): arbitrary bytes as the
// body of every request model the producer validates. The first byte picks the model, the rest
// is the body. It must never trap, and an error must name the problem in plain words: no
// Swift or Foundation internals (a lone surrogate escape must not leak
// `FoundationEssentials.JSONError.SourceLocation`).
import AppleErrorCatalog
import SubscriptionAPI

let validators: [(ArraySlice<UInt8>) -> String?] = [
    message(AutoRenewRequest.self), message(CancelSubscriptionRequest.self), message(CatalogReloadRequest.self),
    message(ChangeMetadataRequest.self), message(ClockAdvanceRequest.self), message(CreateSubscriptionRequest.self),
    message(ExtendRenewalDateRequest.self), message(MassExtendRenewalDateRequest.self),
    message(MigrateSubscriptionRequest.self), message(ModifySubscriptionRequest.self),
    message(NotificationHistoryRequest.self), message(PaymentOutcomeRequest.self), message(PriceChangeRequest.self),
    message(PriceIncreaseResponseRequest.self), message(PurchaseRequest.self),
    message(ReactivateSubscriptionRequest.self), message(RequestRefundRequest.self),
    message(RevokeSubscriptionRequest.self), message(SwitchProductRequest.self),
]

/// Validates `body` as `Request`; the error's message, nil when it was valid.
func message<Request: ValidatedRequest>(_: Request.Type) -> (ArraySlice<UInt8>) -> String? {
    { body in
        do throws(ValidationError) {
            _ = try Request(validating: body)
            return nil
        } catch {
            return error.description
        }
    }
}

/// Words that only Swift's or Foundation's internals put into a message.
let internals = ["FoundationEssentials", "JSONError", "SourceLocation", "DecodingError", "CodingKeys", "Swift.", "_JSON"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let selector = bytes.first else { return 0 }
    let validate = validators[Int(selector) % validators.count]
    guard let message = validate(ArraySlice(bytes.dropFirst())) else { return 0 }
    if message.isEmpty { fatalError("an empty error message") }
    for word in internals where message.contains(word) {
        fatalError("an error message shows an internal (\(word)): \(message)")
    }
    return 0
}
