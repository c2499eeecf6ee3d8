/// Encodes `Encodable` values in a compact, deterministic binary form (``CompactWireType``
/// describes it): the same value always gives the same bytes, fields are found by key (so a
/// field added later decodes as absent from older bytes, and unknown fields are skipped), and
/// nothing goes through text, reflection or an intermediate tree.
///
/// The consumer stores its aggregates with it; it is several times cheaper than
/// `JSONEncoder` with sorted keys (see docs/benchmarks.md, "Stages").
public struct CompactEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The bytes of `value`.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = CompactWriter(capacity: 512)
        try writer.appendValue(value)
        if let error = writer.error { throw error }
        return writer.bytes
    }
}
