import CompactCoding
import Foundation

extension Subscriptions_V1_CommandReply {
    /// The `status` of an encoded `CommandReply`, read from its top-level fields without
    /// decoding the rest: for a caller that only counts outcomes (the load tool reads thousands
    /// of replies a second, and decoding each whole typed result cost it a quarter of its CPU).
    ///
    /// The answer is the one a full decode gives for well-formed bytes: the last `status`
    /// wins, a missing one is `.ok` (proto3's default), an unknown number is `.UNRECOGNIZED`,
    /// and unknown fields (groups too) are skipped. Nil when the top level is not well formed:
    /// a field cut short, field number 0, an end of group without its start. Nested messages
    /// (`error`, `result`) are skipped, not checked: decode the reply when you read them. The
    /// fields are read by CompactCoding's `RecordReader`, the same protocol buffers wire format.
    public static func status(ofEncoded bytes: Data) -> Subscriptions_V1_StatusCode? {
        bytes.withUnsafeBytes { buffer in
            var reader = RecordReader(buffer)
            var status = 0
            do {
                while let field = try reader.nextField() {
                    if field == statusFieldNumber, reader.wireType == 0 {
                        // Enums are int32 on the wire (a negative one takes ten bytes).
                        status = Int(Int32(truncatingIfNeeded: try reader.uint64()))
                    } else {
                        try reader.skip()
                    }
                }
            } catch {
                return nil
            }
            return Subscriptions_V1_StatusCode(rawValue: status)
        }
    }

    /// `StatusCode status = 3;` in `envelope.proto`.
    static let statusFieldNumber = 3
}
