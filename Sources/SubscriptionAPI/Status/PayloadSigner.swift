import Foundation

/// Turns a payload into a signed compact JWS (`header.payload.signature`). ``SignedPayload``
/// uses the signer found in an encoder's `userInfo` under ``Foundation/CodingUserInfoKey/payloadSigner``;
/// the services' implementation is SubscriptionTrust's ES256 signer with an `x5c` chain.
public protocol PayloadSigner: Sendable {
    /// The compact JWS of `payload` (JSON bytes, signed as they are).
    func compactJWS(signing payload: Data) throws -> String
}

extension CodingUserInfoKey {
    /// Where ``SignedPayload`` looks for its ``PayloadSigner`` when encoded.
    public static let payloadSigner: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "subscriptions.payloadSigner") else {
            preconditionFailure("a non-empty raw value always makes a CodingUserInfoKey")
        }
        return key
    }()
}

extension JSONEncoder {
    /// An encoder with sorted keys and unescaped slashes that signs ``SignedPayload`` fields
    /// with `signer` (unsigned when nil).
    public static func appleJSON(signer: (any PayloadSigner)?) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let signer { encoder.userInfo[.payloadSigner] = signer }
        return encoder
    }
}
