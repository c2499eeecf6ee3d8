import Foundation

/// Turns a payload into a signed compact JWS (`header.payload.signature`). ``SignedPayload``
/// uses the signer found in an encoder's `userInfo` under ``Foundation/CodingUserInfoKey/payloadSigner``;
/// the services' implementation is SubscriptionTrust's ES256 signer with an `x5c` chain.
public protocol PayloadSigner: Sendable {
    /// The compact JWS of `payload` (JSON bytes, signed as they are).
    func compactJWS(signing payload: Data) throws -> String
    /// The compact JWS of `payload` as bytes (the answers' direct JSON path,
    /// ``AppleJSONWritable``); by default the bytes of ``compactJWS(signing:)``.
    func compactJWSBytes(signing payload: [UInt8]) throws -> [UInt8]
}

extension PayloadSigner {
    public func compactJWSBytes(signing payload: [UInt8]) throws -> [UInt8] {
        Array(try compactJWS(signing: Data(payload)).utf8)
    }
}

/// TESTS ONLY: writes an **unsigned** JWS, `base64url({"alg":"none","typ":"JWT"}).base64url(payload).`
/// (RFC 7515/7519 "unsecured JWS"). The services always sign (``SignedPayload`` refuses to
/// encode without a signer); a test that wants a payload readable without keys asks for this by
/// name. `package`: nothing outside this package can use it.
package struct UnsignedTestSigner: PayloadSigner {
    /// The signer.
    package init() {}

    package func compactJWS(signing payload: Data) throws -> String {
        "\(Base64URL.encode(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))).\(Base64URL.encode(payload))."
    }
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
    /// with `signer` (without one, encoding a signed field fails).
    public static func appleJSON(signer: (any PayloadSigner)?) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let signer { encoder.userInfo[.payloadSigner] = signer }
        return encoder
    }
}
