import Foundation
import SubscriptionEngine
import SubscriptionStore
import Testing

@testable import SubscriptionHandler
@testable import SubscriptionWire

/// Replies remembered under idempotency keys: stored as records now; those stored in the
/// retired `Codable` binary format (`C`) are still read. `Fixtures/legacy-compact-replies.json`
/// holds five replies as that format's encoder wrote them, each beside its JSON.
@Suite struct StoredReplyTests {
    struct Fixture: Decodable {
        var name: String
        var compact: String
        var json: String

        var body: Data { Data(base64Encoded: compact) ?? Data() }
        func reply() throws -> EngineReply { try JSONDecoder().decode(EngineReply.self, from: Data(json.utf8)) }
    }

    static func fixtures() throws -> [Fixture] {
        let url = try #require(Bundle.module.url(forResource: "legacy-compact-replies", withExtension: "json", subdirectory: "Fixtures"))
        let fixtures = try JSONDecoder().decode([Fixture].self, from: Data(contentsOf: url))
        #expect(fixtures.count == 5)
        return fixtures
    }

    @Test("a row written by the retired format answers its idempotency key with the same reply, from a real SQLite file")
    func legacyRowsAreRead() async throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "stored-reply-\(UUID().uuidString)/db.sqlite").path
        let database = try SubscriptionDatabase(path: path)
        let fixtures = try Self.fixtures()
        try await database.write { transaction in
            for fixture in fixtures {
                #expect(fixture.body.first == UInt8(ascii: "C"), "\(fixture.name)")
                try transaction.putRequestResult(fixture.body, key: "key:\(fixture.name)", subscriptionId: "2000000000000001")
            }
        }
        try await database.read { transaction in
            let store = AggregateEngineStore(transaction)
            for fixture in fixtures {
                let expected = try fixture.reply()
                let read = try store.requestResult("key:\(fixture.name)", of: "2000000000000001")
                #expect(read == expected, "\(fixture.name)")
            }
        }
    }

    @Test("every remembered kind is written as a record and reads back equal; the retired format is never written")
    func recordsRoundTrip() throws {
        for fixture in try Self.fixtures() {
            let expected = try fixture.reply()
            let body = try StoredBody.encode(reply: expected)
            #expect(body.first == UInt8(ascii: "R"), "\(fixture.name)")
            #expect(try StoredBody.decodeReply(from: body) == expected, "\(fixture.name)")
            #expect(body.count < fixture.body.count, "\(fixture.name): \(body.count) bytes, \(fixture.body.count) before (no key names)")
        }
    }

    @Test("a reply of a kind the engine never remembers is refused, not stored; corrupt legacy bytes are an error")
    func refusals() throws {
        #expect(throws: StoreError.self) { try StoredBody.encode(reply: .accepted) }
        let body = try #require(try Self.fixtures().first?.body)
        for length in [1, 2, 9, body.count / 2, body.count - 1] {
            #expect(throws: (any Error).self) { try StoredBody.decodeReply(from: body.prefix(length)) }
        }
    }
}
