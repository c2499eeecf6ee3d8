import Foundation
import Hummingbird
import HummingbirdTesting
import SubscriptionCommands
import SubscriptionMessages
import SwiftProtobuf
import Testing

@testable import SubscriptionProducer

/// `?preview=true` (docs/previews.md) against a real broker, with the test replier answering as
/// a previewing consumer.
extension ProducerHTTPTests {
    /// A purchase reply marked as a preview, with one SUBSCRIBED event.
    static func previewReply(_ envelope: Subscriptions_V1_CommandEnvelope) -> Subscriptions_V1_CommandReply {
        var reply = purchaseReply(envelope)
        reply.preview = envelope.preview
        if envelope.preview {
            reply.previewEvents = [.with {
                $0.notificationType = .subscribed
                $0.subtype = .initialBuy
                $0.signedDate = Google_Protobuf_Timestamp(seconds: 1_893_456_000)
                $0.subscriptionID = "1001"
            }]
        }
        return reply
    }

    @Test("R-PRV-1 R-PRV-2 ?preview=true sends a preview envelope (schema version 2, its own command id whatever the key) and answers the reply with the events")
    func previewRoute() async throws {
        try await withProducer(answer: Self.previewReply) { client, replier in
            var ids: [String] = []
            for query in ["?preview=true", "?preview=true&previewUntil=1896134400000", ""] {
                let response = try await client.execute(
                    uri: "/v1/purchases\(query)", method: .post, headers: [Self.idempotencyKey: "same-key"],
                    body: ByteBuffer(string: Self.purchaseBody))
                #expect(response.status == .ok)
                ids.append(response.headers[Self.commandID] ?? "")
                let json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                if query.isEmpty {
                    #expect(json["preview"] == nil, "a real request answers as always")
                    #expect(json["originalTransactionId"] as? String == "1001")
                } else {
                    #expect(json["preview"] as? Bool == true)
                    #expect(json["httpStatus"] as? Int == 200)
                    #expect((json["reply"] as? [String: Any])?["originalTransactionId"] as? String == "1001")
                    let events = try #require(json["events"] as? [[String: Any]])
                    #expect(events.first?["notificationType"] as? String == "NOTIFICATION_TYPE_SUBSCRIBED")
                    #expect(events.first?["signedDate"] as? String == "2030-01-01T00:00:00Z")
                }
            }
            #expect(Set(ids).count == 3, "previews never take the key's command id: \(ids)")
            #expect(ids[2] == CommandIdentity.commandID(route: .purchase, idempotencyKey: "same-key"))
            let envelopes = replier.commands.map(\.envelope)
            #expect(envelopes.map(\.preview) == [true, true, false])
            #expect(envelopes.map(\.schemaVersion) == [2, 2, 1])
            #expect(!envelopes[0].hasPreviewUntil)
            #expect(envelopes[1].previewUntil == Google_Protobuf_Timestamp(seconds: 1_896_134_400))
        }
    }

    @Test("R-PRV-1 a malformed preview or previewUntil answers 400 naming it and publishes nothing")
    func previewValidation() async throws {
        try await withProducer(answer: Self.previewReply) { client, replier in
            for (query, name) in [("?preview=yes", "preview"), ("?previewUntil=5", "previewUntil"), ("?preview=true&previewUntil=soon", "previewUntil")] {
                let response = try await client.execute(
                    uri: "/v1/purchases\(query)", method: .post, body: ByteBuffer(string: Self.purchaseBody))
                #expect(response.status == .badRequest, "\(query)")
                #expect(String(buffer: response.body).contains(name), "\(String(buffer: response.body))")
            }
            #expect(replier.commands.isEmpty)
        }
    }
}
