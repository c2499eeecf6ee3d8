import Foundation

/// A field Apple sends as a JWS (`signedTransactionInfo`, `signedRenewalInfo`, a notification's
/// `signedPayload`) in compact form `header.payload.signature`.
///
/// Encoding signs with the ``PayloadSigner`` found in the encoder's `userInfo` under
/// ``Foundation/CodingUserInfoKey/payloadSigner`` (the services put their ES256 signer with an
/// `x5c` chain there, docs/signing-and-auth.md). **Without one, encoding fails**: a code path
/// that forgets the signer is an error, never unsigned data shipped silently. Only tests build
/// an unsigned JWS, and they say so (`UnsignedTestSigner`: `alg: none`). The JSON
/// keeps Apple's type (a string in compact JWS form), so an Apple-shaped client parses the
/// response unchanged.
///
/// Decoding reads the payload of any JWS and **never verifies a signature**; ``algorithm``
/// reports what the header claimed. Verification belongs to the reader (Apple's
/// `SignedDataVerifier`, or `CompactJWS` in SubscriptionTrust).
public struct SignedPayload<Payload: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// The decoded payload.
    public var payload: Payload
    /// The header's `alg` when decoded (`ES256` when signed, `none` for an unsigned JWS).
    public private(set) var algorithm: String

    /// Wraps a payload; it is signed when encoded, by the ``PayloadSigner`` in `userInfo`.
    public init(_ payload: Payload) {
        self.payload = payload
        self.algorithm = "none"
    }

    /// The payload's JSON (sorted keys), the bytes a signer signs. Signed fields nested in the
    /// payload (a notification's `signedTransactionInfo`) are signed by `signer` too.
    public func payloadJSON(signer: (any PayloadSigner)? = nil) throws -> Data {
        try JSONEncoder.appleJSON(signer: signer).encode(payload)
    }

    /// The compact serialization signed by `signer` (nested signed fields too).
    public func compactSerialization(signedBy signer: any PayloadSigner) throws -> String {
        try signer.compactJWS(signing: payloadJSON(signer: signer))
    }

    /// Reads a compact JWS without verifying it.
    public init(compactSerialization: String) throws {
        let parts = compactSerialization.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Base64URL.decode(parts[0]), let body = Base64URL.decode(parts[1]) else {
            throw JWSFormatError(reason: "expected a compact JWS (three base64url parts separated by '.')")
        }
        guard let algorithm = try? JSONDecoder().decode(JWSHeader.self, from: header).alg else {
            throw JWSFormatError(reason: "JWS header has no \"alg\"")
        }
        self.payload = try JSONDecoder().decode(Payload.self, from: body)
        self.algorithm = algorithm
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(compactSerialization: text)
        } catch let error as JWSFormatError {
            throw decoder.invalid(error.reason, error: nil)
        }
    }

    /// Fails without a ``PayloadSigner`` in the encoder's `userInfo` (fail closed).
    public func encode(to encoder: any Encoder) throws {
        guard let signer = encoder.userInfo[.payloadSigner] as? any PayloadSigner else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "no PayloadSigner in the encoder's userInfo: a signed field is never written unsigned"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(compactSerialization(signedBy: signer))
    }
}

/// The part of a JWS header this module reads.
private struct JWSHeader: Decodable {
    var alg: String
}

/// A string that is not a compact JWS.
public struct JWSFormatError: Error, Sendable, Hashable {
    /// What is wrong.
    public let reason: String
}
