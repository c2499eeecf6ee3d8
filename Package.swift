// swift-tools-version:6.1
import PackageDescription

// Module map: docs/architecture.md. Generated protobuf Swift is committed (scripts/generate-protos.sh);
// nothing here builds protoc or protoc-gen-swift.
let package = Package(
    name: "subscriptions",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "AMQPClient", targets: ["AMQPClient"]),
        .library(name: "SubscriptionMessages", targets: ["SubscriptionMessages"]),
        .library(name: "SubscriptionEngine", targets: ["SubscriptionEngine"]),
        .library(name: "SubscriptionAPI", targets: ["SubscriptionAPI"]),
        .executable(name: "subscriptions-producer", targets: ["subscriptions-producer"]),
        .executable(name: "subscriptions-consumer", targets: ["subscriptions-consumer"]),
        .executable(name: "subscriptions-load", targets: ["subscriptions-load"]),
        .executable(name: "subscriptionsctl", targets: ["subscriptionsctl"]),
        .executable(name: "subscriptions-stages", targets: ["subscriptions-stages"]),
        .executable(name: "analytics-tally", targets: ["analytics-tally"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/swift-otel/swift-w3c-trace-context", from: "1.0.0"),
        // The gRPC front door (docs/grpc.md): the core, the HTTP/2 transport on NIOPosix only (not
        // the Network.framework variant), protobuf coding. swift-nio-ssl, which the transport
        // links, is in the build already (postgres-nio, async-http-client).
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf", from: "2.4.1"),
    ],
    targets: [
        // The C client, Debian's librabbitmq-dev (0.11). Only AMQPClient imports it.
        .systemLibrary(
            name: "CRabbitMQ",
            path: "Sources/CRabbitMQ",
            pkgConfig: "librabbitmq",
            providers: [.apt(["librabbitmq-dev"])]
        ),
        // Async Swift AMQP 0-9-1 client: one dedicated thread per rabbitmq-c connection.
        .target(
            name: "AMQPClient",
            dependencies: [
                "CRabbitMQ",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Identifiers: SHA-1 and RFC 9562 version 5 UUIDs (pure functions of a name: the engine's
        // event and subscription ids, the producer's keyed command ids) and version 7 UUIDs (the
        // time given, random bits: keyless command ids). No I/O.
        .target(
            name: "StableIdentifiers"
        ),
        // posix_spawn with redirected standard streams and no other inherited descriptor, and
        // free loopback ports below the ephemeral range: the chaos run's services and the tests'
        // service processes and broker scripts start through it.
        .target(name: "ChildProcess"),
        // The services' environment reader: typed values, a malformed one refused by name.
        .target(
            name: "ServiceConfiguration",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        // Generated protobuf Swift for Protos/ (committed; see scripts/generate-protos.sh).
        .target(
            name: "SubscriptionMessages",
            dependencies: ["CompactCoding", .product(name: "SwiftProtobuf", package: "swift-protobuf")]
        ),
        // The gRPC stubs of service.proto (server and client), generated by protoc-gen-grpc-swift-2
        // and committed (scripts/generate-protos.sh); the messages are SubscriptionMessages'.
        .target(
            name: "SubscriptionGRPC",
            dependencies: [
                "SubscriptionMessages",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // Apple's error codes and ours, written down once (no dependencies, no Foundation).
        .target(name: "AppleErrorCatalog"),
        // The pure consent and renewal engine: no I/O, no wire types, time is an input.
        .target(name: "SubscriptionEngine", dependencies: ["AppleErrorCatalog", "CompactCoding", "InputRules", "StableIdentifiers"]),
        // Apple-shaped HTTP request/response models and their validation (Foundation only).
        .target(name: "SubscriptionAPI", dependencies: ["AppleErrorCatalog", "InputRules"]),
        // The bounds of every value that enters (text rules, prices, instants, sizes), written once
        // for the HTTP models and the consumer's check of bus commands (no dependencies but the catalog).
        .target(name: "InputRules", dependencies: ["AppleErrorCatalog"]),
        // A compact, deterministic binary Codable format for stored aggregates (no Foundation).
        .target(name: "CompactCoding"),
        // What the services sign and verify: the signing identity (root, intermediate, leaf with
        // Apple's marker OIDs), ES256 JWS with x5c, Apple's signed payloads from the wire types,
        // and the App Store Server API bearer tokens (docs/signing-and-auth.md).
        .target(
            name: "SubscriptionTrust",
            dependencies: [
                "AppleErrorCatalog",
                "SubscriptionAPI",
                "SubscriptionMessages",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Mapping between the wire contract (protobuf) and the engine's own types: commands in,
        // replies and events out (events straight to bytes, as the outbox's entries), and the
        // bus's input check. No handler, no store access.
        .target(
            name: "SubscriptionWire",
            dependencies: [
                "AppleErrorCatalog",
                "CompactCoding",
                "InputRules",
                "SubscriptionEngine",
                "SubscriptionMessages",
                // OutboxEntry only: what an event is written as.
                "SubscriptionStore",
            ]
        ),
        // The command handler: a protobuf command applied to the engine over the consumer's store
        // (EngineCommandHandler, the catalog file, the engine's store on a store transaction, the
        // retired record format's reader). What the consumer and the retention service call.
        .target(
            name: "SubscriptionHandler",
            dependencies: [
                "AppleErrorCatalog",
                "CompactCoding",
                "SubscriptionEngine",
                "SubscriptionMessages",
                "SubscriptionStore",
                "SubscriptionWire",
                "StableIdentifiers",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // Exchange and queue names, the topology both services declare, the bus connection's
        // TLS files and which broker users may send operator commands.
        .target(
            name: "SubscriptionTopology",
            dependencies: [
                "AMQPClient", "ServiceConfiguration", "SubscriptionMessages",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The dead-letter queue as operators see it: entries with their reasons, replay
        // (subscriptionsctl dlq, the console's dead letters).
        .target(name: "SubscriptionDeadLetters", dependencies: ["AMQPClient", "SubscriptionMessages"]),
        // SQLite's process-wide settings, which only its variadic C `sqlite3_config` can make
        // (memory statistics off: docs/consumer.md, "SQLite's memory statistics").
        .target(name: "CSQLiteSettings", linkerSettings: [.linkedLibrary("sqlite3")]),
        // SQLite persistence (GRDB): aggregates, processed commands, outbox, due timers.
        .target(
            name: "SubscriptionStore",
            dependencies: [
                "CSQLiteSettings",
                .product(name: "GRDB", package: "GRDB.swift"),
                // sqlite3_wal_hook: the writer's checkpoints run beside it (WALCheckpointer).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The same store on PostgreSQL (postgres-nio): DATABASE_URL=postgres://… (docs/scale-out.md).
        .target(
            name: "SubscriptionStorePostgres",
            dependencies: [
                "SubscriptionStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What both services' HTTP servers share below the router (HTTP/1.0 connections).
        .target(
            name: "HTTPServerSupport",
            dependencies: [
                "ServiceConfiguration",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Commands prepared from a request: the HTTP body (Apple's shapes) and its path parameters
        // validated and mapped to the protobuf command, for the producer (HTTP and gRPC) and
        // the CLI alike. No server, no broker.
        .target(
            name: "SubscriptionCommands",
            dependencies: [
                "InputRules",
                "StableIdentifiers",
                "SubscriptionAPI",
                "SubscriptionMessages",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // The front door: HTTP (Apple-shaped) and gRPC, and AMQP request/reply towards the consumer.
        .target(
            name: "SubscriptionProducer",
            dependencies: [
                "AMQPClient",
                "InputRules",
                "SubscriptionCommands",
                "SubscriptionGRPC",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "HeapModule", package: "swift-collections"),
                "HTTPServerSupport",
                "AppleErrorCatalog",
                "ServiceConfiguration",
                "StableIdentifiers",
                "SubscriptionAPI",
                "SubscriptionDeadLetters",
                "SubscriptionMessages",
                "SubscriptionTopology",
                "SubscriptionTrust",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                // A command's trace context: W3C's format and swift-distributed-tracing's injection.
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "W3CTraceContext", package: "swift-w3c-trace-context"),
            ]
        ),
        // Sends App Store Server Notifications V2 from the events, with retries and history
        // (docs/notifications.md); runs inside the consumer process.
        .target(
            name: "SubscriptionNotifier",
            dependencies: [
                "AMQPClient",
                "SubscriptionAPI",
                "SubscriptionDeadLetters",
                "SubscriptionMessages",
                "SubscriptionStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                "SubscriptionTopology",
                "SubscriptionTrust",
                // The HTTP client of deliveries (docs/notifications.md, "HTTP client"); already
                // built for the tests (HummingbirdTesting), and no libcurl.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Retention messaging (docs/retention-messaging.md): the Retention Messaging API answered
        // from the consumer's store, the real-time call to the app's Get Retention Message
        // endpoint off the command path, and the performance test of that endpoint.
        .target(
            name: "SubscriptionRetention",
            dependencies: [
                "AMQPClient",
                "SubscriptionAPI",
                "SubscriptionDeadLetters",
                "SubscriptionEngine",
                "SubscriptionMessages",
                "SubscriptionStore",
                "SubscriptionTopology",
                "SubscriptionTrust",
                "SubscriptionWire", "SubscriptionHandler",
                "StableIdentifiers",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: [.linkedLibrary("curl", .when(platforms: [.linux]))]
        ),
        // Keeps every notification event in its own SQLite file for the console's timeline
        // (docs/console.md); fed in process by the consumer once the broker confirmed an event.
        .target(
            name: "SubscriptionArchive",
            dependencies: [
                "SubscriptionMessages",
                "SubscriptionStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Applies commands to the engine in SQLite transactions; publishes replies and events.
        .target(
            name: "SubscriptionConsumer",
            dependencies: [
                "AMQPClient",
                "HTTPServerSupport",
                "ServiceConfiguration",
                "SubscriptionDeadLetters",
                "StableIdentifiers",
                "SubscriptionMessages",
                "SubscriptionEngine",
                "SubscriptionWire", "SubscriptionHandler",
                "SubscriptionStore",
                "SubscriptionStorePostgres",
                "SubscriptionTopology",
                .product(name: "DequeModule", package: "swift-collections"),
                "SubscriptionArchive",
                "SubscriptionNotifier",
                "SubscriptionRetention",
                "SubscriptionTrust",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "subscriptions-producer",
            dependencies: [
                "SubscriptionProducer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // jemalloc instead of glibc's malloc (Debian's libjemalloc-dev; docs/architecture.md,
            // "Memory allocator"): 4 % less CPU per request under load here.
            linkerSettings: [.linkedLibrary("jemalloc")]
        ),
        .executableTarget(
            name: "subscriptions-consumer",
            dependencies: [
                "SubscriptionConsumer",
                "SubscriptionWire", "SubscriptionHandler",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // jemalloc instead of glibc's malloc (docs/architecture.md, "Memory allocator"): 5 % less
            // CPU per command at 500 in flight, 5 % less time for a million-subscription mass extension.
            linkerSettings: [.linkedLibrary("jemalloc")]
        ),
        // Load generator: publishes commands, prints throughput and latency (docs/benchmarks.md); the
        // front doors over HTTP and gRPC (`front`); the chaos run (docs/reliability.md).
        .executableTarget(
            name: "subscriptions-load",
            dependencies: [
                "AMQPClient",
                "SubscriptionGRPC",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                "ChildProcess",
                "StableIdentifiers",
                "SubscriptionEngine",
                "SubscriptionMessages",
                "SubscriptionStore",
                "SubscriptionTopology",
                "SubscriptionTrust",
                "SubscriptionWire", "SubscriptionHandler",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            // The chaos run's HTTP calls go through URLSession, whose FoundationNetworking calls
            // libcurl; the static Foundation of `--static-swift-stdlib` does not link it by itself.
            linkerSettings: [.linkedLibrary("curl", .when(platforms: [.linux]))]
        ),
        // Stage benchmarks of the consumer's hot path: ops/s and allocations per op (docs/benchmarks.md).
        .executableTarget(
            name: "subscriptions-stages",
            dependencies: [
                "CompactCoding",
                "SubscriptionArchive",
                "SubscriptionEngine",
                "SubscriptionMessages",
                "SubscriptionStore",
                "SubscriptionWire", "SubscriptionHandler",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // The operators' CLI: commands, events, mass extensions, test clock, dead letters (docs/subscriptionsctl.md).
        .target(
            name: "SubscriptionControl",
            dependencies: [
                "AMQPClient",
                "SubscriptionAPI",
                "SubscriptionDeadLetters",
                "SubscriptionCommands",
                "SubscriptionMessages",
                "SubscriptionTopology",
                "SubscriptionTrust",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            // `clock` reads the consumer's HTTP API through URLSession (libcurl; see subscriptions-load).
            linkerSettings: [.linkedLibrary("curl", .when(platforms: [.linux]))]
        ),
        .executableTarget(name: "subscriptionsctl", dependencies: ["SubscriptionControl"]),
        // The Swift analytics example beside the Python and C ones (Examples/README.md): the
        // same options and output, the event log read from any point (docs/event-stream.md).
        .executableTarget(
            name: "analytics-tally",
            dependencies: [
                "AMQPClient", "SubscriptionMessages", "SubscriptionTopology",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/analytics-swift",
            exclude: ["README.md"]
        ),

        .testTarget(
            name: "SubscriptionEngineTests", dependencies: ["SubscriptionEngine", "AppleErrorCatalog", "CompactCoding", "StableIdentifiers"]),
        .testTarget(name: "CompactCodingTests", dependencies: ["CompactCoding"]),
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess"]),
        .testTarget(
            name: "StableIdentifiersTests",
            // swift-crypto's SHA-1 as the reference the hasher is checked against.
            dependencies: ["StableIdentifiers", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .testTarget(
            name: "SubscriptionAPITests",
            dependencies: ["SubscriptionAPI", "AppleErrorCatalog"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "SubscriptionMessagesTests", dependencies: ["SubscriptionMessages"]),
        .testTarget(
            name: "SubscriptionWireTests",
            dependencies: [
                "SubscriptionWire", "SubscriptionHandler", "SubscriptionEngine", "SubscriptionMessages", "SubscriptionStore", "SubscriptionAPI",
                "AppleErrorCatalog", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SubscriptionRetentionTests",
            dependencies: [
                "SubscriptionRetention", "SubscriptionAPI", "SubscriptionEngine", "SubscriptionMessages", "SubscriptionStore",
                "SubscriptionStorePostgres", "SubscriptionWire", "SubscriptionHandler", "SubscriptionTrust", "ServiceTestSupport",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "SubscriptionStoreTests",
            dependencies: [
                "ServiceTestSupport", "SubscriptionStore", "SubscriptionStorePostgres", "SubscriptionArchive", "SubscriptionNotifier",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // sqlite3_stmt_busy: DirectStatementsTests checks no statement is left running.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "SubscriptionTrustTests",
            dependencies: [
                "SubscriptionTrust",
                "SubscriptionAPI",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        .testTarget(name: "AMQPClientTests", dependencies: ["AMQPClient"]),
        .testTarget(
            name: "SubscriptionProducerTests",
            dependencies: [
                "SubscriptionProducer",
                "SubscriptionCommands",
                "SubscriptionDeadLetters",
                "HTTPServerSupport",
                "SubscriptionGRPC",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                "SubscriptionTopology",
                "ServiceConfiguration",
                "ServiceTestSupport",
                "SubscriptionAPI",
                "SubscriptionMessages",
                "AMQPClient",
                "SubscriptionTrust",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .testTarget(
            name: "SubscriptionConsumerTests",
            dependencies: [
                "SubscriptionArchive",
                "SubscriptionConsumer",
                "SubscriptionEngine",
                "SubscriptionStorePostgres",
                "ServiceConfiguration",
                "ServiceTestSupport",
                "SubscriptionMessages",
                "SubscriptionStore",
                "SubscriptionTopology",
                "SubscriptionWire", "SubscriptionHandler",
                "AMQPClient",
                .product(name: "GRDB", package: "GRDB.swift"),
                // A real loopback receiver for the notifier's sender (HTTPClientSenderTests).
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // Tests against a real RabbitMQ broker (AMQP_URL, default amqp://guest:guest@127.0.0.1:5672/).
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "AMQPClient",
                "ServiceTestSupport",
                "SubscriptionMessages",
                "SubscriptionTopology",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Helpers shared by tests that run the services as real processes. A test target (other
        // test targets depend on it), so `swift build` without `--product` leaves it out: it
        // imports Swift Testing, which `--static-swift-stdlib` has no module of.
        .testTarget(
            name: "ServiceTestSupport",
            dependencies: [
                "ChildProcess",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/ServiceTestSupport"
        ),
        // Real processes of both services against a real broker (CONTRIBUTING.md, "Test").
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "ServiceTestSupport",
                "SubscriptionStore",
                "SubscriptionStorePostgres",
                "AMQPClient",
                "SubscriptionMessages",
                "SubscriptionTrust",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        // CLI tests: pure parsing and formatting, and against the broker with a real consumer process.
        .testTarget(
            name: "SubscriptionControlTests",
            dependencies: [
                "SubscriptionControl",
                "SubscriptionCommands",
                "SubscriptionEngine",
                "ServiceTestSupport",
                "AMQPClient",
                "SubscriptionMessages",
                "SubscriptionTopology",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
