// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "subscriptions",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "AMQPClient", targets: ["AMQPClient"]),
        .library(name: "SubscriptionMessages", targets: ["SubscriptionMessages"]),
        .library(name: "SubscriptionEngine", targets: ["SubscriptionEngine"]),
        .library(name: "SubscriptionAPI", targets: ["SubscriptionAPI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
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
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Generated protobuf Swift for Protos/ (committed; see scripts/generate-protos.sh).
        .target(
            name: "SubscriptionMessages",
            dependencies: [.product(name: "SwiftProtobuf", package: "swift-protobuf")]
        ),
        // The pure consent and renewal engine: no I/O, no wire types, time is an input.
        .target(name: "SubscriptionEngine"),
        // Apple-shaped HTTP request/response models and their validation (Foundation only).
        .target(name: "SubscriptionAPI"),

        .testTarget(name: "SubscriptionEngineTests", dependencies: ["SubscriptionEngine"]),
        .testTarget(
            name: "SubscriptionAPITests",
            dependencies: ["SubscriptionAPI"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "SubscriptionMessagesTests", dependencies: ["SubscriptionMessages"]),
        .testTarget(name: "AMQPClientTests", dependencies: ["AMQPClient"]),
        // Tests against a real RabbitMQ broker (AMQP_URL, default amqp://guest:guest@127.0.0.1:5672/).
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "AMQPClient",
                "SubscriptionMessages",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
