import AMQPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Prometheus
import SubscriptionEngine
import SubscriptionStore
import SubscriptionWire
import Testing

@testable import SubscriptionConsumer
@testable import SubscriptionHandler

/// The consumer's own HTTP routes on a real SQLite file: `GET /clock` only reads (an
/// unauthenticated request never takes the store's writer), and the operator's quarantine list
/// and retry (docs/reliability.md, "Poison").
@Suite struct ConsumerRoutesTests {
    let database: SubscriptionDatabase
    let handler: EngineCommandHandler

    init() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "routes-\(UUID().uuidString)/db.sqlite").path
        database = try SubscriptionDatabase(path: path)
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        handler = try EngineCommandHandler(
            catalogPath: root.appending(path: "Config/catalog.example.json").path,
            logger: .init(label: "routes-tests", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    func application(clock: ClockMode) throws -> some ApplicationProtocol {
        let connection = AMQPConnection(
            configuration: try AMQPConfiguration(url: "amqp://guest:guest@127.0.0.1:1/"),
            logger: Logger(label: "unused", factory: { _ in SwiftLogNoOpLogHandler() }))
        let router = ConsumerRoutes.router(
            connection: connection, database: database, registry: PrometheusCollectorRegistry(),
            clock: ConsumerClock(mode: clock), handler: handler)
        return Application(router: router)
    }

    @Test("GET /clock in manual mode answers without writing: a never-started manual clock stays unstarted")
    func clockReads() async throws {
        try await application(clock: .manual).test(.router) { client in
            try await client.execute(uri: "/clock", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
        #expect(try await database.read { try $0.setting(ConsumerClock.settingName) } == nil)
    }

    @Test("GET /quarantine lists a quarantined subscription with its reason; POST …/retry releases it; a second retry is 404")
    func quarantineRoutes() async throws {
        let id = try await database.write { [handler] transaction in
            let outcome = try handler.handle(
                CommandPreviewTests.envelope(CommandPreviewTests.purchase, preview: false),
                context: CommandContext(now: CommandPreviewTests.start, clock: .manual), in: transaction)
            let id = outcome.reply.purchase.subscription.transactionInfo.originalTransactionID
            let events = try handler.quarantine(id, reason: "the consumer died", at: CommandPreviewTests.start, in: transaction)
            try QuarantineList.note(try transaction.enqueue(events.map { try $0.outboxEntry() }), in: transaction)
            return id
        }
        try await application(clock: .manual).test(.router) { client in
            try await client.execute(uri: "/quarantine", method: .get) { response in
                #expect(response.status == .ok)
                let text = String(buffer: response.body)
                #expect(text.contains(#""originalTransactionId":"\#(id)""#), "\(text)")
                #expect(text.contains("the consumer died"), "\(text)")
            }
            try await client.execute(uri: "/quarantine/\(id)/retry", method: .post) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/quarantine/\(id)/retry", method: .post) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/quarantine", method: .get) { response in
                #expect(String(buffer: response.body) == #"{"quarantined":[]}"#)
            }
        }
        #expect(try await database.read { try AggregateEngineStore($0).subscription(id)?.quarantine } == nil)
    }
}
