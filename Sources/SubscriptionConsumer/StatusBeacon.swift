import AMQPClient
import Foundation
import Logging
import Prometheus
import ServiceLifecycle
import SubscriptionMessages
import SubscriptionStore
import SubscriptionTopology
import SwiftProtobuf

/// Publishes the consumer's status (`ConsumerStatus`: its metrics as `/metrics` serves them,
/// the clock, whether the store answers) to the fanout exchange `<prefix>.status` at start and
/// then every `interval`, for the console's health panel (docs/console.md). Transient and not
/// mandatory: with nobody listening the broker drops it. A publish that is not confirmed
/// within one interval is given up; the next one follows.
final class StatusBeacon: Service {
    private let connection: AMQPConnection
    private let names: BusNames
    private let registry: PrometheusCollectorRegistry
    private let database: any ConsumerStore
    private let clock: ConsumerClock
    private let interval: Duration
    private let logger: Logger
    /// Random per process: tells replicas and restarts apart.
    let instanceID = UUID().uuidString.lowercased()
    private let host = ProcessInfo.processInfo.hostName
    private let startedAt = Date()

    init(
        connection: AMQPConnection, names: BusNames, registry: PrometheusCollectorRegistry, database: any ConsumerStore,
        clock: ConsumerClock, interval: Duration, logger: Logger
    ) {
        self.connection = connection
        self.names = names
        self.registry = registry
        self.database = database
        self.clock = clock
        self.interval = interval
        self.logger = logger
    }

    /// The status exchange (fanout, durable, as in Compose/rabbitmq/definitions.json).
    static func topology(_ names: BusNames) -> AMQPTopology {
        AMQPTopology(exchanges: [AMQPExchange(name: names.statusExchange, kind: .fanout)])
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await self.publish()
                try? await Task.sleep(for: self.interval)
            }
        }
    }

    /// Publishes one status now.
    func publish() async {
        do {
            let body: Data = try await status().serializedBytes()
            try await connection.publish(
                AMQPMessage(
                    body: body,
                    properties: AMQPProperties(
                        contentType: WireContract.contentType, type: "subscriptions.v1.ConsumerStatus", timestamp: Date(),
                        appId: "subscriptions-consumer", persistent: false)),
                exchange: names.statusExchange, routingKey: "", mandatory: false, deadline: .now + interval)
        } catch {
            logger.debug("status not published", metadata: ["error": "\(error)"])
        }
    }

    /// The status as of now.
    func status() async -> Subscriptions_V1_ConsumerStatus {
        let storeReady = await database.ping()
        let now = Date()
        var clockNow = now
        if clock.mode == .manual {
            // The test clock as last advanced; before its first use, where it would start.
            let stored: String?? = try? await database.read { try $0.setting(ConsumerClock.settingName) }
            clockNow = stored.flatMap { $0 }.flatMap { Int64($0) }.map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) }
                ?? Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        }
        return .with {
            $0.instanceID = instanceID
            $0.host = host
            $0.startedAt = Google_Protobuf_Timestamp(date: startedAt)
            $0.reportedAt = Google_Protobuf_Timestamp(date: now)
            $0.clockMode = clock.mode.rawValue
            $0.clockNow = Google_Protobuf_Timestamp(date: clockNow)
            $0.storeReady = storeReady
            $0.metrics = registry.emitToString()
            $0.schemaVersion = WireContract.schemaVersion
        }
    }
}
