/// The growing byte buffer of one ``CompactEncoder/encode(_:)`` call and the containers that
/// write into it. Single-threaded: one encode call, one writer.
///
/// Frames (keyed and unkeyed containers) get their length patched when the value that opened
/// them is done. A container opened with `nestedContainer(keyedBy:forKey:)` (how synthesized
/// `Codable` writes an enum's associated values) has no end of its own: its frame closes with
/// its enclosing value, so it must be the last thing that value writes. A write to a
/// container after a nested container of it was opened is refused (``error``), never silently
/// mis-framed.
final class CompactWriter {
    var bytes: [UInt8] = []
    /// The frame level that may write now; containers remember the level they were made at.
    private(set) var level = 0
    /// Length slots of nested containers still open, innermost last.
    private var nestedSlots: [Int] = []
    /// The first misuse seen; ``CompactEncoder`` throws it when the encode is done.
    var error: EncodingError?

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Whether a container made at `containerLevel` may write; records the misuse otherwise.
    @inline(__always)
    func mayWrite(at containerLevel: Int) -> Bool {
        if containerLevel == level { return true }
        if error == nil {
            error = EncodingError.invalidValue(containerLevel, EncodingError.Context(
                codingPath: [], debugDescription: "CompactEncoder: a container was written to after a nested container of it was opened"))
        }
        return false
    }

    func refuse(_ description: String) {
        if error == nil {
            error = EncodingError.invalidValue(description, EncodingError.Context(codingPath: [], debugDescription: description))
        }
    }

    @inline(__always)
    func appendKey(_ key: String) {
        var key = key
        key.withUTF8 { utf8 in
            bytes.appendVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    @inline(__always)
    func appendNil() { bytes.append(CompactWireType.null.rawValue) }

    @inline(__always)
    func appendSigned(_ value: Int64) {
        bytes.append(CompactWireType.varint.rawValue)
        bytes.appendVarint(zigzag(value))
    }

    @inline(__always)
    func appendUnsigned(_ value: UInt64) {
        bytes.append(CompactWireType.varint.rawValue)
        bytes.appendVarint(value)
    }

    @inline(__always)
    func appendDouble(_ value: Double) {
        bytes.append(CompactWireType.fixed64.rawValue)
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    @inline(__always)
    func appendString(_ value: String) {
        var value = value
        bytes.append(CompactWireType.string.rawValue)
        value.withUTF8 { utf8 in
            bytes.appendVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Writes `value`: a primitive directly; a keyed or unkeyed value framed as bytes; a
    /// single-value one (e.g. a wrapper around an `Int64`) as its one value, unframed.
    func appendValue<T: Encodable>(_ value: T) throws {
        switch value {
        case let value as String: appendString(value)
        case let value as Int: appendSigned(Int64(value))
        case let value as Int64: appendSigned(value)
        case let value as Bool: appendUnsigned(value ? 1 : 0)
        case let value as Double: appendDouble(value)
        default: try appendComposite(value)
        }
    }

    private func appendComposite<T: Encodable>(_ value: T) throws {
        let savedLevel = level
        let nestedMark = nestedSlots.count
        level += 1
        defer { level = savedLevel }
        if let dictionary = value as? any CompactStringKeyedDictionary {
            let slot = openFrame()
            try dictionary.encodeSorted(into: self, level: level)
            closeFrame(slot)
            return
        }
        let encoder = CompactValueEncoder(writer: self, level: level)
        try value.encode(to: encoder)
        // Nested containers end with their enclosing value, innermost first.
        while nestedSlots.count > nestedMark {
            closeFrame(nestedSlots.removeLast())
        }
        switch encoder.shape {
        case .framed(let slot): closeFrame(slot)
        case .single: break
        case .nothing: closeFrame(openFrame())
        }
    }

    /// Opens the frame of a nested container made by a container at `containerLevel`; returns
    /// the level the nested container writes at.
    func openNestedFrame(from containerLevel: Int) -> Int {
        guard mayWrite(at: containerLevel) else { return -1 }
        nestedSlots.append(openFrame())
        level += 1
        return level
    }

    /// Writes the wire type and a length placeholder; returns where the length goes.
    @inline(__always)
    func openFrame() -> Int {
        bytes.append(CompactWireType.bytes.rawValue)
        let slot = bytes.count
        bytes.appendFixed32(0)
        return slot
    }

    @inline(__always)
    func closeFrame(_ slot: Int) {
        bytes.patchFixed32(at: slot, UInt32(bytes.count - slot - 4))
    }
}
