import Foundation
import InputRules
import SubscriptionEngine
import SubscriptionMessages
import SwiftProtobuf

/// The generic half of ``BusCommandValidator``: walks every field of a command, named or not
/// (so a command added later is covered too), and refuses a string over
/// `InputRules.maximumTextBytes` or holding a control character, a repeated field over
/// `InputRules.maximumRepeatedCount`, bytes over the text limit, an instant or a duration
/// outside what the engine computes with, and an enum value this consumer does not know. The
/// field is named by its number path (`command 102: field 7[3].4`): these are the fields no
/// Apple rule names.
struct BusInputVisitor: Visitor {
    /// Field numbers (with the element's index in a repeated field) from the envelope down to
    /// the message being visited.
    private var path: [(field: Int, index: Int?)] = []
    /// The element of a repeated field being visited.
    private var index: Int?

    /// The first problem in `envelope`, or nil.
    static func problem(in envelope: Subscriptions_V1_CommandEnvelope) -> EngineRejection? {
        var visitor = BusInputVisitor()
        do {
            try envelope.traverse(visitor: &visitor)
            return nil
        } catch let rejection as EngineRejection {
            return rejection
        } catch {
            return EngineRejection(.invalidArgument, error: .invalidValue, "the command could not be read: \(error)")
        }
    }

    private func refusal(_ fieldNumber: Int, _ code: EngineRejection.Code, _ message: String) -> EngineRejection {
        let name = (path + [(fieldNumber, index)]).map { step in step.index.map { "\(step.field)[\($0)]" } ?? "\(step.field)" }
            .joined(separator: ".")
        return EngineRejection(code, error: .invalidValue, field: name, "field \(name) \(message)")
    }

    mutating func visitSingularStringField(value: String, fieldNumber: Int) throws {
        let utf8 = value.utf8
        guard utf8.count <= InputRules.maximumTextBytes else {
            throw refusal(fieldNumber, .outOfRange, "is \(utf8.count) bytes, more than \(InputRules.maximumTextBytes)")
        }
        // C0 controls and DEL; C1 controls are U+0080…U+009F, encoded 0xC2 0x80…0x9F.
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) {
                throw refusal(fieldNumber, .invalidArgument, "holds a control character")
            }
            previous = byte
        }
    }

    mutating func visitRepeatedStringField(value: [String], fieldNumber: Int) throws {
        try checkCount(value.count, fieldNumber)
        for (position, element) in value.enumerated() {
            index = position
            try visitSingularStringField(value: element, fieldNumber: fieldNumber)
        }
        index = nil
    }

    mutating func visitSingularBytesField(value: Data, fieldNumber: Int) throws {
        guard value.count <= InputRules.maximumTextBytes else {
            throw refusal(fieldNumber, .outOfRange, "is \(value.count) bytes, more than \(InputRules.maximumTextBytes)")
        }
    }

    mutating func visitSingularEnumField<E: Enum>(value: E, fieldNumber: Int) throws {
        guard let known = value as? any CaseIterable, Self.isKnown(known) else {
            throw refusal(fieldNumber, .invalidArgument, "is \(value.rawValue), a value this consumer does not know")
        }
    }

    mutating func visitRepeatedEnumField<E: Enum>(value: [E], fieldNumber: Int) throws {
        try checkCount(value.count, fieldNumber)
        for element in value { try visitSingularEnumField(value: element, fieldNumber: fieldNumber) }
    }

    mutating func visitPackedEnumField<E: Enum>(value: [E], fieldNumber: Int) throws {
        try visitRepeatedEnumField(value: value, fieldNumber: fieldNumber)
    }

    private static func isKnown<T: CaseIterable>(_ value: T) -> Bool {
        // Generated enums list their known cases; `UNRECOGNIZED(n)` is not one of them.
        guard let value = value as? any Enum else { return true }
        return T.allCases.contains { ($0 as? any Enum)?.rawValue == value.rawValue }
    }

    mutating func visitSingularMessageField<M: Message>(value: M, fieldNumber: Int) throws {
        // Comparing metadata first keeps the casts off every other message.
        if M.self == Google_Protobuf_Timestamp.self, let instant = value as? Google_Protobuf_Timestamp {
            guard instant.seconds >= InputRules.earliestMilliseconds / 1000, instant.seconds <= InputRules.latestMilliseconds / 1000,
                (0..<1_000_000_000).contains(instant.nanos)
            else {
                throw refusal(fieldNumber, .outOfRange, "must lie within 0001-01-01…9999-12-31, got \(instant.seconds) s")
            }
            return
        }
        if M.self == Google_Protobuf_Duration.self, let duration = value as? Google_Protobuf_Duration {
            guard duration.seconds.magnitude <= InputRules.maximumDurationSeconds, duration.nanos.magnitude < 1_000_000_000 else {
                throw refusal(fieldNumber, .outOfRange, "must be within 10,000 years, got \(duration.seconds) s")
            }
            return
        }
        let savedIndex = index
        path.append((fieldNumber, index))
        index = nil
        try value.traverse(visitor: &self)
        path.removeLast()
        index = savedIndex
    }

    mutating func visitRepeatedMessageField<M: Message>(value: [M], fieldNumber: Int) throws {
        try checkCount(value.count, fieldNumber)
        for (position, element) in value.enumerated() {
            index = position
            try visitSingularMessageField(value: element, fieldNumber: fieldNumber)
        }
        index = nil
    }

    private func checkCount(_ count: Int, _ fieldNumber: Int) throws {
        guard count <= InputRules.maximumRepeatedCount else {
            throw refusal(fieldNumber, .outOfRange, "has \(count) elements, more than \(InputRules.maximumRepeatedCount)")
        }
    }

    // Numbers, booleans and unknown fields: any value is representable; the engine checks ranges.
    mutating func visitSingularDoubleField(value: Double, fieldNumber: Int) throws {}
    mutating func visitSingularInt64Field(value: Int64, fieldNumber: Int) throws {}
    mutating func visitSingularUInt64Field(value: UInt64, fieldNumber: Int) throws {}
    mutating func visitSingularBoolField(value: Bool, fieldNumber: Int) throws {}
    mutating func visitUnknown(bytes: Data) throws {}

    mutating func visitMapField<KeyType, ValueType: MapValueType>(
        fieldType: _ProtobufMap<KeyType, ValueType>.Type, value: _ProtobufMap<KeyType, ValueType>.BaseType, fieldNumber: Int
    ) throws {
        try checkCount(value.count, fieldNumber)
    }

    mutating func visitMapField<KeyType, ValueType>(
        fieldType: _ProtobufEnumMap<KeyType, ValueType>.Type, value: _ProtobufEnumMap<KeyType, ValueType>.BaseType,
        fieldNumber: Int
    ) throws where ValueType.RawValue == Int {
        try checkCount(value.count, fieldNumber)
    }

    mutating func visitMapField<KeyType, ValueType>(
        fieldType: _ProtobufMessageMap<KeyType, ValueType>.Type, value: _ProtobufMessageMap<KeyType, ValueType>.BaseType,
        fieldNumber: Int
    ) throws {
        try checkCount(value.count, fieldNumber)
    }
}
