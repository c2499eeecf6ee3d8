import Foundation
import Testing
@testable import SubscriptionAPI

/// Base64url as JWS uses it: the byte-level coder gives what the string replacements it replaced
/// gave, for every length and every byte, and refuses what is not base64.
@Suite("Base64url (RFC 4648 §5) without padding")
struct Base64URLTests {
    /// The implementation through Foundation's strings (three `replacingOccurrences`), as the reference.
    private static func referenceEncode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test("encodes as the reference did, for lengths 0…300 of random bytes; decodes back")
    func matchesReference() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0...300 {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let encoded = Base64URL.encode(data)
            #expect(encoded == Self.referenceEncode(data), "length \(length)")
            #expect(!encoded.contains("=") && !encoded.contains("+") && !encoded.contains("/"))
            #expect(Base64URL.decode(encoded) == data, "length \(length)")
            #expect(Base64URL.decode(encoded[...]) == data, "a substring, length \(length)")
        }
    }

    @Test("the characters 62 and 63 are '-' and '_'; RFC 4648's test vectors without padding")
    func alphabet() {
        #expect(Base64URL.encode(Data([0xFB, 0xFF])) == "-_8")
        #expect(Base64URL.decode("-_8") == Data([0xFB, 0xFF]))
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            #expect(Base64URL.encode(Data(plain.utf8)) == encoded)
            #expect(Base64URL.decode(encoded) == Data(plain.utf8))
        }
    }

    @Test("padding is optional when decoding; what is not base64 is nil")
    func decodeEdges() {
        #expect(Base64URL.decode("Zg==") == Data("f".utf8))
        #expect(Base64URL.decode("Zm9vYg==") == Data("foob".utf8))
        #expect(Base64URL.decode("Z") == nil)
        #expect(Base64URL.decode("Zm9v!") == nil)
        #expect(Base64URL.decode("Zm 9v") == nil)
        #expect(Base64URL.decode("é") == nil)
    }
}
