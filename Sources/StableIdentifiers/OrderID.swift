/// The order id of a transaction (Look Up Order ID, docs/refunds.md): what Apple prints on the
/// customer's receipt, here derived from the transaction id so it needs no table and survives
/// any replay: `M` followed by the transaction id's UTF-8 in Crockford base 32 (digits and
/// capitals without I, L, O, U), e.g. `M64S36D1N6RVKGE9G` for `1234567890`.
public enum OrderID {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// The order id of `transactionId`.
    public static func make(transactionId: String) -> String {
        var output: [UInt8] = [UInt8(ascii: "M")]
        var buffer: UInt32 = 0
        var bits = 0
        for byte in transactionId.utf8 {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The transaction id of `orderId`; nil when it is no order id this service made.
    public static func transactionId(of orderId: String) -> String? {
        let characters = Array(orderId.utf8)
        guard characters.count > 1, characters.count <= 256, characters[0] == UInt8(ascii: "M") else { return nil }
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in characters.dropFirst() {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        // Left-over bits are padding: fewer than 5 and all zero in a canonical id.
        guard bits < 5, buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self), !text.isEmpty, make(transactionId: text) == orderId
        else { return nil }
        return text
    }
}
