import Foundation
import SubscriptionMessages
import SwiftProtobuf
import Testing

@Suite("A reply's status read without decoding the reply")
struct ReplyStatusTests {
    private static let repliedAt = Google_Protobuf_Timestamp(seconds: 1_767_225_602)

    /// What a full decode says, to compare with.
    private static func decodedStatus(_ bytes: Data) -> Subscriptions_V1_StatusCode? {
        (try? Subscriptions_V1_CommandReply(serializedBytes: bytes))?.status
    }

    @Test("the status of a reply of every case is the decoded one", arguments: CommandRoute.allCases)
    func everyCase(route: CommandRoute) throws {
        for status in [Subscriptions_V1_StatusCode.ok, .invalidArgument, .failedPrecondition] {
            let reply = Subscriptions_V1_CommandReply.with {
                $0.commandID = "0d8e7c3a-8a55-4f5e-b7a2-5c1d6f2e9a01"
                $0.schemaVersion = WireContract.schemaVersion
                $0.status = status
                $0.repliedAt = Self.repliedAt
                if status == .ok {
                    $0.result = route.makeEmptyResult()
                } else {
                    $0.error = .with {
                        $0.appleErrorCode = 4_000_023
                        $0.message = "the field is invalid"
                    }
                }
            }
            let bytes: Data = try reply.serializedBytes()
            #expect(Subscriptions_V1_CommandReply.status(ofEncoded: bytes) == status)
            #expect(Subscriptions_V1_CommandReply.status(ofEncoded: bytes) == Self.decodedStatus(bytes))
        }
    }

    @Test("a reply with a nested result before its status, and a replayed one")
    func nestedResultFirst() throws {
        // A reply with every nested message the load tool receives, then the status again at
        // the end: the last occurrence wins, as in a full decode.
        var reply = Subscriptions_V1_CommandReply.with {
            $0.status = .ok
            $0.replayed = true
            $0.getAllSubscriptionStatuses = .with {
                $0.data = [.with {
                    $0.lastTransactions = [.with {
                        $0.transactionInfo = SampleEvents.transaction
                        $0.renewalInfo = SampleEvents.renewal
                    }]
                }]
            }
        }
        reply.commandID = "c-1"
        var bytes: Data = try reply.serializedBytes()
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: bytes) == .ok)
        bytes.append(contentsOf: [0x18, 0x05])  // field 3, varint 5
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: bytes) == Subscriptions_V1_StatusCode(rawValue: 5))
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: bytes) == Self.decodedStatus(bytes))
    }

    @Test("no status is OK; an unknown or negative number is what the decoder makes of it")
    func defaultsAndUnknownNumbers() throws {
        let empty = Data()
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: empty) == .ok)
        #expect(Self.decodedStatus(empty) == .ok)

        let unknown = Data([0x18, 0xE7, 0x07])  // status 999
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: unknown) == .UNRECOGNIZED(999))
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: unknown) == Self.decodedStatus(unknown))

        // -1 as an int32 enum: ten bytes on the wire.
        let negative = Data([0x18, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: negative) == .UNRECOGNIZED(-1))
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: negative) == Self.decodedStatus(negative))
    }

    @Test("unknown fields of every wire type are skipped, groups too")
    func unknownFieldsSkipped() throws {
        var bytes = Data()
        bytes.append(contentsOf: [0xC8, 0x3E, 0x96, 0x01])  // field 1001, varint 150
        bytes.append(contentsOf: [0xD1, 0x3E] + [UInt8](repeating: 0xAB, count: 8))  // field 1002, fixed64
        bytes.append(contentsOf: [0xDA, 0x3E, 0x03, 0x61, 0x62, 0x63])  // field 1003, "abc"
        bytes.append(contentsOf: [0xE5, 0x3E] + [UInt8](repeating: 0xCD, count: 4))  // field 1004, fixed32
        // A group of field 1005 holding a varint and a group of field 3, then its end.
        bytes.append(contentsOf: [0xEB, 0x3E, 0x08, 0x01, 0x1B, 0x18, 0x07, 0x1C, 0xEC, 0x3E])
        bytes.append(contentsOf: [0x18, 0x0E])  // status 14 (unavailable)
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: bytes) == .unavailable)
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: bytes) == Self.decodedStatus(bytes))
    }

    @Test("a top level that is not well formed has no status", arguments: [
        Data([0x18]),  // the status's value is missing
        Data([0x18, 0x80]),  // its varint is cut short
        Data([0x0A, 0x05, 0x61]),  // a string longer than what is left
        Data([0x00, 0x01]),  // field number 0
        Data([0x1C]),  // the end of a group that never started
        Data([0x1B, 0x18, 0x01]),  // a group that never ends
        Data([0x1B, 0x24]),  // a group of field 3 ended as field 4's
        Data([0x18] + [UInt8](repeating: 0xFF, count: 10) + [0x01]),  // a varint of eleven bytes
    ])
    func malformed(bytes: Data) {
        #expect(Subscriptions_V1_CommandReply.status(ofEncoded: bytes) == nil)
        #expect(Self.decodedStatus(bytes) == nil)
    }
}
