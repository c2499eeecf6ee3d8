import AMQPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Prometheus
import ServiceTestSupport
import SubscriptionMessages
import SubscriptionTopology
import SwiftProtobuf
import Testing

@testable import SubscriptionProducer

/// The console's routes against a real broker (docs/console.md): the history query's command
/// and its JSON, the live event stream, the status board and the dead-letter queue.
extension ProducerHTTPTests {
    /// Runs `test` with a producer on a fresh prefix, a replier answering with `answer`, the
    /// bus's names and a connection of the test's own (to publish events, statuses, dead letters).
    func withConsoleProducer(
        answer: @escaping Answer,
        _ test: @escaping @Sendable (AuthorizedClient, TestReplier, BusNames, AMQPConnection) async throws -> Void
    ) async throws {
        let topology = CommandTopology(prefix: ProducerTestBus.uniquePrefix(), queueExpiry: .seconds(600))
        let configuration = ProducerConfiguration(
            amqpURL: TestBroker.url, replyTimeout: .seconds(5), topology: topology, serviceName: "producer-console-tests")
        let registry = PrometheusCollectorRegistry()
        let app = try buildApplication(
            configuration: configuration, logger: ProducerTestBus.logger, registry: registry,
            metrics: ProducerMetrics(factory: ProducerMetrics.prometheusFactory(registry: registry)),
            identity: TestCredentials.identity, apiKeys: TestCredentials.keys)
        var amqp = try AMQPConfiguration(url: TestBroker.url)
        amqp.connectionName = "producer-console-tests"
        let connection = AMQPConnection(configuration: amqp, logger: ProducerTestBus.logger)
        try await connection.connect()
        try await app.test(.router) { client in
            try await Self.waitUntilReady(client)
            let (replier, task) = try await TestReplier.start(queue: topology.commandsQueue, answer: answer)
            defer { task.cancel() }
            try await test(AuthorizedClient(client: client), replier, topology.names, connection)
            task.cancel()
            await replier.close()
        }
        await connection.close()
    }

    static func event(
        _ type: Subscriptions_V1_NotificationType, sequence: UInt64, subscription: String = "2000000000000001"
    ) -> Subscriptions_V1_NotificationEvent {
        .with {
            $0.notificationType = type
            $0.notificationUuid = UUID().uuidString.lowercased()
            $0.subscriptionID = subscription
            $0.sequence = sequence
            $0.signedDate = Google_Protobuf_Timestamp(seconds: 1_780_000_000 + Int64(sequence))
            $0.version = "2.0"
            $0.schemaVersion = 1
            if type == .subscriberCommunication {
                $0.communication = .with { $0.channel = .email; $0.kind = .consentRequest; $0.consentRequired = true }
            } else {
                $0.data = .with {
                    $0.bundleID = "com.example"
                    $0.environment = .sandbox
                    $0.status = .active
                    $0.transactionInfo = .with { $0.transactionID = "t-\(sequence)"; $0.originalTransactionID = subscription; $0.price = 9990; $0.currency = "USD" }
                    $0.renewalInfo = .with { $0.originalTransactionID = subscription; $0.autoRenewStatus = true }
                }
            }
        }
    }

    static func historyReply(_ envelope: Subscriptions_V1_CommandEnvelope) -> Subscriptions_V1_CommandReply? {
        guard case .getSubscriptionHistory = envelope.command else { return nil }
        return .with {
            $0.result = .getSubscriptionHistory(.with {
                $0.archiveEnabled = true
                $0.now = Google_Protobuf_Timestamp(seconds: 1_780_000_100)
                $0.subscriptions = [
                    .with {
                        $0.originalTransactionID = "2000000000000001"
                        $0.customerID = "alice"
                        $0.productID = "news.basic.monthly"
                        $0.status = .active
                        $0.renewalInfo = .with { $0.originalTransactionID = "2000000000000001"; $0.renewalPrice = 9990; $0.currency = "USD" }
                        $0.transactions = [
                            .with {
                                $0.transactionID = "2000000000000001"; $0.originalTransactionID = "2000000000000001"; $0.price = 2990
                                $0.currency = "USD"; $0.purchaseDate = Google_Protobuf_Timestamp(seconds: 1_780_000_000)
                            }
                        ]
                        $0.events = [Self.event(.didRenew, sequence: 1), Self.event(.subscriberCommunication, sequence: 2)]
                        $0.lastSequence = 2
                    }
                ]
            })
        }
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    @Test("the history routes publish GetSubscriptionHistory and answer decoded transactions and events, signed where Apple notifies")
    func subscriptionHistory() async throws {
        try await withConsoleProducer(answer: Self.historyReply) { client, replier, _, _ in
            let response = try await client.execute(uri: "/v1/subscriptions/2000000000000001/history?eventLimit=7", method: .get)
            #expect(response.status == .ok)
            let sent = try #require(replier.commands.last?.envelope)
            #expect(sent.getSubscriptionHistory.transactionID == "2000000000000001" && sent.getSubscriptionHistory.eventLimit == 7)
            let body = try Self.json(response)
            #expect(body["archiveEnabled"] as? Bool == true && body["now"] as? Int == 1_780_000_100_000)
            let subscription = try #require((body["subscriptions"] as? [[String: Any]])?.first)
            #expect(subscription["customerId"] as? String == "alice" && subscription["status"] as? Int == 1)
            let transaction = try #require((subscription["transactions"] as? [[String: Any]])?.first)
            #expect(transaction["price"] as? Int == 2990 && transaction["purchaseDate"] as? Int == 1_780_000_000_000)
            let events = try #require(subscription["events"] as? [[String: Any]])
            #expect(events.map { $0["notificationType"] as? String } == ["DID_RENEW", "SUBSCRIBER_COMMUNICATION"])
            #expect((events[0]["fields"] as? [String: Any])?["notificationType"] as? String == "NOTIFICATION_TYPE_DID_RENEW")
            let jws = try #require(events[0]["signedPayload"] as? String)
            let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count == 3 && !parts[2].isEmpty)
            let header = try #require(JWSParts.json(parts[0]))
            #expect(header["alg"] as? String == "ES256" && (header["x5c"] as? [String])?.count == 3)
            #expect(try #require(JWSParts.json(parts[1]))["notificationType"] as? String == "DID_RENEW")
            #expect(events[1]["signedPayload"] == nil)

            let customer = try await client.execute(uri: "/v1/customers/alice/history", method: .get)
            #expect(customer.status == .ok)
            let byCustomer = try #require(replier.commands.last?.envelope.getSubscriptionHistory)
            #expect(byCustomer.customerID == "alice" && byCustomer.transactionID.isEmpty && byCustomer.eventLimit == 100)

            let count = replier.commands.count
            let bad = try await client.execute(uri: "/v1/subscriptions/2000000000000001/history?eventLimit=0", method: .get)
            #expect(bad.status == .badRequest)
            #expect(try Self.json(bad)["errorMessage"] as? String == "eventLimit: must be a whole number from 1 to 2000, got \"0\"")
            #expect(replier.commands.count == count)
        }
    }

    @Test("the event stream says ready, then sends each published event once as JSON with ids one apart, and ends after `seconds`")
    func eventStream() async throws {
        try await withConsoleProducer(answer: Self.noReply) { client, _, names, connection in
            let published = Locked<[String]>([])
            async let response = client.execute(uri: "/v1/events/stream?seconds=3", method: .get)
            for index in 1...12 {
                try await Task.sleep(for: .milliseconds(200))
                let event = Self.event(.didRenew, sequence: UInt64(index))
                try await connection.publish(
                    AMQPMessage(body: try event.serializedBytes()), exchange: names.eventsExchange, routingKey: event.routingKey,
                    mandatory: false)
                published.withLock { $0.append(event.notificationUuid) }
            }
            let stream = try await response
            #expect(stream.status == .ok)
            #expect(stream.headers[.contentType] == "text/event-stream; charset=utf-8")
            let text = String(buffer: stream.body)
            #expect(text.hasPrefix("event: ready\n"))
            let frames = text.components(separatedBy: "\n\n").filter { $0.contains("event: notification") }
            #expect(frames.count >= 3, "\(text)")
            let ids = frames.compactMap { $0.split(separator: "\n").first { $0.hasPrefix("id: ") }.flatMap { Int($0.dropFirst(4)) } }
            #expect(ids == Array((ids.first ?? 0)..<((ids.first ?? 0) + ids.count)))
            let uuids = try frames.map { frame -> String in
                let data = try #require(frame.split(separator: "\n").first { $0.hasPrefix("data: ") }).dropFirst(6)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
                #expect(object["notificationType"] as? String == "DID_RENEW" && object["signedPayload"] == nil)
                return try #require(object["notificationUUID"] as? String)
            }
            #expect(Set(uuids).count == uuids.count)
            #expect(Set(uuids).isSubset(of: Set(published.withLock { $0 })))
            // The hub stops consuming once the last stream is gone: its queue disappears.
            let bad = try await client.execute(uri: "/v1/events/stream?seconds=0", method: .get)
            #expect(bad.status == .badRequest)
        }
    }

    static func status(_ instance: String, commands: Int, at seconds: Int64) throws -> Data {
        try Subscriptions_V1_ConsumerStatus.with {
            $0.instanceID = instance
            $0.host = "test-host"
            $0.startedAt = Google_Protobuf_Timestamp(seconds: 1_780_000_000)
            $0.reportedAt = Google_Protobuf_Timestamp(seconds: seconds)
            $0.clockMode = "manual"
            $0.clockNow = Google_Protobuf_Timestamp(seconds: 1_790_000_000)
            $0.storeReady = true
            $0.metrics = """
                # TYPE subscriptions_commands_total counter
                subscriptions_commands_total{method="Purchase",status="OK"} \(commands)
                subscriptions_commands_total{method="AdvanceTestClock",status="OK"} 2
                subscriptions_events_published_total 40
                subscriptions_outbox_backlog 3
                subscriptions_commands_dead_lettered_total 1
                """
        }.serializedBytes()
    }

    @Test("the status shows the queues' depths and each consumer's metrics, commands per second from two reports")
    func statusBoard() async throws {
        try await withConsoleProducer(answer: Self.noReply) { client, _, names, connection in
            let first = try Self.json(try await client.execute(uri: "/v1/status", method: .get))
            #expect((first["producer"] as? [String: Any])?["ready"] as? Bool == true)
            let commands = try #require((first["queues"] as? [String: Any])?["commands"] as? [String: Any])
            #expect(commands["name"] as? String == names.commandsQueue && commands["messages"] as? Int == 0)
            #expect(commands["consumers"] as? Int == 1)
            #expect((first["consumers"] as? [Any])?.isEmpty == true)

            // A consumer's beacon declares the status exchange before it reports (StatusBeacon);
            // so does this stand-in: the producer's board declares it too, but on a task of its
            // own that may not have run yet, and a publish to a missing exchange closes the channel.
            try await connection.declare(AMQPTopology(exchanges: [AMQPExchange(name: names.statusExchange, kind: .fanout)]))
            var consumer: [String: Any] = [:]
            let deadline = ContinuousClock.now + .seconds(20)
            var seconds: Int64 = 1_780_000_100
            while consumer["commandsPerSecond"] == nil, ContinuousClock.now < deadline {
                try await connection.publish(
                    AMQPMessage(body: try Self.status("instance-1", commands: Int(seconds - 1_780_000_000) * 2, at: seconds)),
                    exchange: names.statusExchange, routingKey: "", mandatory: false)
                seconds += 5
                try await Task.sleep(for: .milliseconds(300))
                let status = try Self.json(try await client.execute(uri: "/v1/status", method: .get))
                consumer = (status["consumers"] as? [[String: Any]])?.first ?? [:]
            }
            #expect(consumer["instanceId"] as? String == "instance-1" && consumer["stale"] as? Bool == false)
            #expect(consumer["commandsPerSecond"] as? Double == 2)
            #expect(consumer["outboxBacklog"] as? Double == 3 && consumer["deadLetteredTotal"] as? Double == 1)
            #expect(consumer["eventsPublishedTotal"] as? Double == 40)
            #expect((consumer["clock"] as? [String: Any])?["now"] as? Int == 1_790_000_000_000)
            #expect((consumer["commands"] as? [[String: Any]])?.map { $0["method"] as? String } == ["AdvanceTestClock", "Purchase"])
        }
    }

    static func deadLetter(_ id: String, reason: String) -> AMQPMessage {
        let envelope = Subscriptions_V1_CommandEnvelope.with {
            $0.commandID = id
            $0.schemaVersion = 1
            $0.setAutoRenew = .with { $0.originalTransactionID = "2000000000000001"; $0.action = .disable }
        }
        return AMQPMessage(
            body: (try? envelope.serializedBytes()) ?? Data(),
            properties: AMQPProperties(
                messageId: id, timestamp: Date(timeIntervalSince1970: 1_780_000_000),
                headers: [
                    "x-death-reason": .string(reason), "x-death-message": .string("refused by the test"),
                    "x-original-routing-key": .string(CommandRoute.setAutoRenew.routingKey),
                ]))
    }

    @Test("dead letters are listed with their reasons and left in place; a replay sends one back to the commands queue and removes it")
    func deadLetters() async throws {
        try await withConsoleProducer(answer: Self.noReply) { client, replier, names, connection in
            let ids = [UUID().uuidString.lowercased(), UUID().uuidString.lowercased()]
            for id in ids {
                try await connection.publish(Self.deadLetter(id, reason: "unknown-command"), exchange: names.deadLetterExchange, routingKey: "")
            }
            for _ in 0..<2 {
                let listing = try Self.json(try await client.execute(uri: "/v1/deadLetters?limit=10", method: .get))
                #expect(listing["total"] as? Int == 2 && listing["queue"] as? String == names.deadLetterQueue)
                let entries = try #require(listing["entries"] as? [[String: Any]])
                #expect(Set(entries.compactMap { $0["commandId"] as? String }) == Set(ids))
                #expect(entries.allSatisfy { $0["reason"] as? String == "unknown-command" && $0["method"] as? String == "SetAutoRenew" })
                #expect(entries.first?["issuedAt"] as? Int == 1_780_000_000_000)
            }
            let replay = try await client.execute(
                uri: "/v1/deadLetters/replay", method: .post, body: ByteBuffer(string: #"{"commandId": "\#(ids[0])"}"#))
            #expect(replay.status == .ok)
            #expect(((try Self.json(replay))["replayed"] as? [[String: Any]])?.map { $0["commandId"] as? String } == [ids[0]])
            let deadline = ContinuousClock.now + .seconds(10)
            while !replier.commands.contains(where: { $0.envelope.commandID == ids[0] }), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            let received = try #require(replier.commands.first { $0.envelope.commandID == ids[0] })
            #expect(received.routingKey == CommandRoute.setAutoRenew.routingKey)
            #expect(received.properties.headers["x-death-reason"] == nil)
            let after = try Self.json(try await client.execute(uri: "/v1/deadLetters", method: .get))
            #expect((after["entries"] as? [[String: Any]])?.compactMap { $0["commandId"] as? String } == [ids[1]])

            let unknown = try await client.execute(
                uri: "/v1/deadLetters/replay", method: .post, body: ByteBuffer(string: #"{"commandId": "no-such-command"}"#))
            let unknownBody = try Self.json(unknown)
            #expect(unknown.status == .notFound && unknownBody["errorCode"] as? Int == 4_049_141)
            let both = try await client.execute(
                uri: "/v1/deadLetters/replay", method: .post, body: ByteBuffer(string: #"{"commandId": "x", "all": true}"#))
            #expect(both.status == .badRequest)
            let all = try await client.execute(uri: "/v1/deadLetters/replay", method: .post, body: ByteBuffer(string: #"{"all": true}"#))
            #expect(((try Self.json(all))["replayed"] as? [[String: Any]])?.count == 1)
            let empty = try Self.json(try await client.execute(uri: "/v1/deadLetters", method: .get))
            #expect(empty["total"] as? Int == 0)
        }
    }
}

/// Decodes the parts of a compact JWS.
enum JWSParts {
    static func json(_ part: Substring) -> [String: Any]? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
