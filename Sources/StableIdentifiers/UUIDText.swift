/// The text form of a UUID as clients send it: 8-4-4-4-12 ASCII hex digits, either letter case
/// (what `UUID(uuidString:)` accepts, without its `sscanf`: checked for every command, that
/// parse was 1.7 % of the consumer's instructions).
public enum UUIDText {
    /// Whether `text` is a UUID's text form.
    public static func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == 36 else { return false }
            for (index, byte) in bytes.enumerated() {
                switch index {
                case 8, 13, 18, 23:
                    guard byte == UInt8(ascii: "-") else { return false }
                default:
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
                        continue
                    default:
                        return false
                    }
                }
            }
            return true
        }
    }

    /// The lowercase text form (`8-4-4-4-12` hex digits) of a UUID's 16 bytes.
    static func lowercase(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: 36) { text in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                text[position] = hexDigits[Int(bytes[index] >> 4)]
                text[position + 1] = hexDigits[Int(bytes[index] & 0x0F)]
                position += 2
            }
            return position
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
