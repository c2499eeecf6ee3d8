/// The `Encoder` handed to one value's `encode(to:)`: it writes into the shared
/// ``CompactWriter`` and remembers whether the value opened a frame (keyed or unkeyed) or
/// wrote a single value.
final class CompactValueEncoder: Encoder {
    enum Shape {
        case nothing
        case single
        case framed(slot: Int)
    }

    let writer: CompactWriter
    let level: Int
    var shape = Shape.nothing

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(writer: CompactWriter, level: Int) {
        self.writer = writer
        self.level = level
    }

    private func openFrameOnce() {
        guard case .nothing = shape else { return }
        guard writer.mayWrite(at: level) else { return }
        shape = .framed(slot: writer.openFrame())
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        openFrameOnce()
        return KeyedEncodingContainer(CompactKeyedEncodingContainer<Key>(writer: writer, level: level))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        openFrameOnce()
        return CompactUnkeyedEncodingContainer(writer: writer, level: level)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if case .nothing = shape { shape = .single }
        return CompactSingleValueEncodingContainer(writer: writer, level: level)
    }
}

/// An encoder for `superEncoder()`, which this format does not support (no class
/// hierarchies are stored): any use is recorded as the writer's error.
struct CompactUnsupportedEncoder: Encoder {
    let writer: CompactWriter
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        writer.refuse("CompactEncoder does not support superEncoder()")
        return KeyedEncodingContainer(CompactKeyedEncodingContainer<Key>(writer: writer, level: -1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.refuse("CompactEncoder does not support superEncoder()")
        return CompactUnkeyedEncodingContainer(writer: writer, level: -1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        writer.refuse("CompactEncoder does not support superEncoder()")
        return CompactSingleValueEncodingContainer(writer: writer, level: -1)
    }
}
