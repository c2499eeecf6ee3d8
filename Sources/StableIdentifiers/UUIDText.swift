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
}
