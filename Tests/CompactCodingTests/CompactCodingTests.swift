import CompactCoding
import Foundation
import Testing

/// Shapes the stored aggregates use: nested structs, optionals, arrays, enums with and without
/// associated values, raw-value enums, single-value wrappers and string-keyed dictionaries.
private struct Wrapper: Codable, Hashable {
    var milliseconds: Int64
    init(_ milliseconds: Int64) { self.milliseconds = milliseconds }
    init(from decoder: any Decoder) throws { milliseconds = try decoder.singleValueContainer().decode(Int64.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(milliseconds)
    }
}

private enum Mode: String, Codable, Hashable { case active, gracePeriod }

private enum Outcome: Codable, Hashable {
    case plain
    case labelled(info: String, count: Int)
    case unlabelled(Wrapper, [String])
}

private struct Item: Codable, Hashable {
    var sku: String
    var price: Int64
    var offer: Wrapper?
}

private struct Aggregate: Codable, Hashable {
    var id: String
    var count: Int
    var ratio: Double
    var flag: Bool
    var unsigned: UInt64
    var small: Int8
    var mode: Mode
    var when: Wrapper
    var maybe: Wrapper?
    var note: String?
    var items: [Item]
    var nested: [[Int]]
    var outcomes: [Outcome]
    var results: [String: Outcome]
}

private let sample = Aggregate(
    id: "2000000000000001", count: -42, ratio: 0.125, flag: true, unsigned: .max, small: -128, mode: .gracePeriod,
    when: Wrapper(1_767_225_600_000), maybe: nil, note: "ünïcødé ✓",
    items: [Item(sku: "a", price: 2990, offer: Wrapper(0)), Item(sku: "b", price: -1, offer: nil)],
    nested: [[], [1, 2, 3]],
    outcomes: [.plain, .labelled(info: "x", count: 7), .unlabelled(Wrapper(5), ["p", "q"])],
    results: ["zeta": .plain, "alpha": .labelled(info: "", count: 0), "mid": .unlabelled(Wrapper(-9), [])]
)

@Suite("Compact binary coding of stored aggregates")
struct CompactCodingTests {
    @Test("every shape round-trips to an equal value")
    func roundTrip() throws {
        let bytes = try CompactEncoder().encode(sample)
        #expect(try CompactDecoder().decode(Aggregate.self, from: bytes) == sample)
    }

    @Test("the same value gives the same bytes, whatever the dictionary's insertion order")
    func deterministic() throws {
        var reordered = sample
        reordered.results = [:]
        for key in ["mid", "zeta", "alpha"] { reordered.results[key] = sample.results[key] }
        #expect(try CompactEncoder().encode(reordered) == CompactEncoder().encode(sample))
    }

    @Test("a field added later decodes as absent from older bytes; an unknown field is skipped")
    func evolution() throws {
        struct Old: Codable, Equatable { var id: String; var legacy: Int; var count: Int }
        struct New: Codable, Equatable { var id: String; var count: Int; var added: String? }
        let old = try CompactEncoder().encode(Old(id: "s", legacy: 9, count: 3))
        #expect(try CompactDecoder().decode(New.self, from: old) == New(id: "s", count: 3, added: nil))
        let new = try CompactEncoder().encode(New(id: "t", count: 4, added: "yes"))
        #expect(throws: DecodingError.self) { try CompactDecoder().decode(Old.self, from: new) }
    }

    @Test("is smaller than the same value as JSON would be")
    func compact() throws {
        let bytes = try CompactEncoder().encode(sample)
        let json = try JSONEncoder().encode(sample)
        #expect(bytes.count < json.count)
    }

    @Test("truncated or corrupt bytes are refused with an error, never a crash", arguments: [1, 7, 30, 100, 200])
    func truncated(length: Int) throws {
        let bytes = try CompactEncoder().encode(sample)
        #expect(throws: (any Error).self) { try CompactDecoder().decode(Aggregate.self, from: Array(bytes.prefix(length))) }
    }

    @Test("a number that does not fit its type is refused")
    func overflow() throws {
        struct Wide: Codable { var value: Int64 }
        struct Narrow: Codable { var value: Int8 }
        let bytes = try CompactEncoder().encode(Wide(value: 1000))
        #expect(throws: DecodingError.self) { try CompactDecoder().decode(Narrow.self, from: bytes) }
    }

    @Test("writing to a container after opening a nested container of it is refused, not mis-framed")
    func nestedMisuse() throws {
        struct Misuse: Encodable {
            enum Keys: CodingKey { case first, second }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .first)
                try nested.encode(1, forKey: .first)
                try container.encode(2, forKey: .second)
            }
        }
        #expect(throws: EncodingError.self) { try CompactEncoder().encode(Misuse()) }
    }
}

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
