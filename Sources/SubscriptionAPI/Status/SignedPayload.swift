import Foundation

/// A field Apple sends as a JWS (`signedTransactionInfo`, `signedRenewalInfo`), carried as an
/// **unsigned JWS** in compact form: `base64url({"alg":"none","typ":"JWT"}).base64url(payload).`
/// (empty signature, RFC 7515/7519 "unsecured JWS").
///
/// Why this form: the JSON keeps Apple's type (a string in compact JWS form), so an Apple-shaped client
/// parses the response unchanged and reads the payload by base64url-decoding the middle part;
/// `alg: none` says plainly that nothing is signed, rather than faking a signature; a real ES256 signer
/// can later replace the encoding without changing any model. Decoding reads the payload of any JWS and
/// **never verifies a signature**; ``algorithm`` reports what the header claimed.
public struct SignedPayload<Payload: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// The decoded payload.
    public var payload: Payload
    /// The header's `alg` when decoded (`none` for what this module produces).
    public private(set) var algorithm: String

    /// Wraps a payload; it is encoded unsigned.
    public init(_ payload: Payload) {
        self.payload = payload
        self.algorithm = "none"
    }

    static var header: Data { Data(#"{"alg":"none","typ":"JWT"}"#.utf8) }

    /// The compact serialization: `header.payload.` with an empty signature.
    public func compactSerialization() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = try encoder.encode(payload)
        return "\(Base64URL.encode(Self.header)).\(Base64URL.encode(body))."
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

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(compactSerialization())
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

/// Base64url without padding (RFC 4648 §5), as JWS uses it.
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: some StringProtocol) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
