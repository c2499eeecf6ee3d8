import Crypto
import Foundation
import SubscriptionAPI

/// ES256 JWS in compact serialization (RFC 7515 §7.1, RFC 7518 §3.4): signs with a P-256
/// key (signature = raw `r || s`, 64 bytes) and splits and verifies compact strings.
public enum CompactJWS {
    /// `base64url(header).base64url(payload).base64url(signature)` with `header` serialized
    /// as given (the caller chooses its fields; `alg` must be `ES256`).
    public static func sign(header: Data, payload: Data, with key: P256.Signing.PrivateKey) throws -> String {
        try sign(encodedHeader: Base64URL.encode(header), payload: payload, with: key)
    }

    /// Like ``sign(header:payload:with:)`` with the header already in base64url: a signer that
    /// signs every payload under one header (an `x5c` chain of about 2 KB) encodes it once.
    public static func sign(encodedHeader: String, payload: Data, with key: P256.Signing.PrivateKey) throws -> String {
        let signingInput = "\(encodedHeader).\(Base64URL.encode(payload))"
        let signature = try key.signature(for: Data(signingInput.utf8))
        return "\(signingInput).\(Base64URL.encode(signature.rawRepresentation))"
    }

    /// The three parts of a compact JWS, decoded, and the signing input.
    public struct Parts: Sendable {
        /// The header's JSON bytes.
        public var header: Data
        /// The payload's bytes.
        public var payload: Data
        /// The signature's bytes (64 for ES256).
        public var signature: Data
        /// `base64url(header).base64url(payload)` as received: what the signature covers.
        public var signingInput: Data

        /// Splits `text`; nil unless it is three base64url parts separated by dots.
        public init?(_ text: some StringProtocol) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, let header = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
                let signature = Base64URL.decode(parts[2])
            else { return nil }
            self.header = header
            self.payload = payload
            self.signature = signature
            self.signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        }

        /// Whether the ES256 signature verifies with `key`.
        public func isValidSignature(for key: P256.Signing.PublicKey) -> Bool {
            guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(signature, for: signingInput)
        }
    }
}
