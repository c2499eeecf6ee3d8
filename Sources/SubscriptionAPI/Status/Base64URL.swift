import Foundation

/// Base64url without padding (RFC 4648 §5), as JWS uses it.
///
/// Byte by byte over Foundation's base64: every signed field, notification and API token goes
/// through here. (Three `replacingOccurrences` on the base64 string, which Foundation on Linux
/// runs through `NSString`, took half the notifier's CPU; docs/notifications.md.)
package enum Base64URL {
    /// `data` in base64url, without padding.
    package static func encode(_ data: Data) -> String {
        var bytes = [UInt8](data.base64EncodedData())
        var count = bytes.count
        while count > 0, bytes[count - 1] == UInt8(ascii: "=") { count -= 1 }
        bytes.removeLast(bytes.count - count)
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "+"): bytes[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): bytes[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of base64url `text` (padding optional); nil when it is not base64.
    package static func decode(_ text: some StringProtocol) -> Data? {
        var bytes = [UInt8]()
        bytes.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): bytes.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): bytes.append(UInt8(ascii: "/"))
            default: bytes.append(byte)
            }
        }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4))
        return Data(base64Encoded: Data(bytes))
    }
}
