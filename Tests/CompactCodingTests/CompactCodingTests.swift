import CompactCoding
import Foundation
import Testing

/// A record with every kind of field, and an older version of it.
private struct Sample: CompactRecord, Equatable {
    var name = ""
    var count: Int64 = 0
    var flag = false
    var tags: [String] = []
    var nested: [Sample] = []
    var note: String?

    func write(to writer: inout RecordWriter) {
        writer.write(1, name)
        writer.write(2, count)
        writer.write(3, flag)
        writer.write(4, tags)
        writer.write(5, nested)
        writer.write(6, note)
    }

    init(name: String = "", count: Int64 = 0, flag: Bool = false, tags: [String] = [], nested: [Sample] = [], note: String? = nil) {
        (self.name, self.count, self.flag, self.tags, self.nested, self.note) = (name, count, flag, tags, nested, note)
    }

    init(from reader: inout RecordReader) throws {
        while let field = try reader.nextField() {
            switch field {
            case 1: name = try reader.string()
            case 2: count = try reader.int64()
            case 3: flag = try reader.bool()
            case 4: tags.append(try reader.string())
            case 5: nested.append(try reader.record())
            case 6: note = try reader.string()
            default: try reader.skip()
            }
        }
    }
}

private struct OlderSample: CompactRecord, Equatable {
    var name = ""
    var flag = false

    func write(to writer: inout RecordWriter) {
        writer.write(1, name)
        writer.write(3, flag)
    }

    init(name: String, flag: Bool) { (self.name, self.flag) = (name, flag) }

    init(from reader: inout RecordReader) throws {
        while let field = try reader.nextField() {
            switch field {
            case 1: name = try reader.string()
            case 3: flag = try reader.bool()
            default: try reader.skip()
            }
        }
    }
}

@Suite("Compact records (hand-written fields in protocol buffers' wire format)")
struct CompactRecordTests {
    private static let sample = Sample(
        name: "ünïcødé", count: -1_767_225_600_000, flag: true, tags: ["a", "", "c"],
        nested: [Sample(name: "inner", count: 7, nested: [Sample(count: Int64.min)])], note: "n")

    @Test("fields, repeated fields, nested records and optionals round-trip")
    func roundTrip() throws {
        #expect(try Sample(recordBytes: Self.sample.recordBytes()) == Self.sample)
        #expect(try Sample(recordBytes: Sample().recordBytes()) == Sample())
    }

    @Test("an older reader skips fields it does not know; a newer reader defaults fields it does not find")
    func evolution() throws {
        #expect(try OlderSample(recordBytes: Self.sample.recordBytes()) == OlderSample(name: "ünïcødé", flag: true))
        let old = OlderSample(name: "x", flag: true).recordBytes()
        #expect(try Sample(recordBytes: old) == Sample(name: "x", flag: true))
    }

    @Test("a group is skipped up to its end, as protocol buffers' parsers do; one that never ends or ends as another is refused")
    func groups() throws {
        // Field 9 as a group holding a varint and a group of field 3, then field 3 (the flag).
        let withGroup = Sample(name: "x").recordBytes() + [0x4B, 0x08, 0x01, 0x1B, 0x18, 0x00, 0x1C, 0x4C] + [0x18, 0x01]
        #expect(try OlderSample(recordBytes: withGroup) == OlderSample(name: "x", flag: true))
        #expect(throws: RecordError.self) { try OlderSample(recordBytes: [0x4B, 0x08, 0x01]) }
        #expect(throws: RecordError.self) { try OlderSample(recordBytes: [0x4B, 0x54]) }
        #expect(throws: RecordError.self) { try OlderSample(recordBytes: [0x4C]) }
    }

    @Test("the bytes are protocol buffers: field 1 is a length-delimited string")
    func wireFormat() {
        #expect(Sample(name: "hi").recordBytes().prefix(4) == [0x0A, 0x02, 0x68, 0x69])
    }

    @Test("truncated bytes are refused with an error, never a crash", arguments: [1, 5, 12, 33, 40])
    func truncated(length: Int) throws {
        let bytes = Self.sample.recordBytes()
        #expect(throws: RecordError.self) { try Sample(recordBytes: Array(bytes.prefix(length))) }
    }
}
