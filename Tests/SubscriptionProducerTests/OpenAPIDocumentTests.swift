import AMQPClient
import Foundation
import Hummingbird
import Logging
import Prometheus
import SubscriptionAPI
import Testing

@testable import SubscriptionProducer

@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    static let documentURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/openapi.yaml")

    @Test("the served document equals docs/openapi.yaml (scripts/check-openapi.sh --write regenerates it)")
    func embeddedCopyIsCurrent() throws {
        let committed = try String(contentsOf: Self.documentURL, encoding: .utf8)
        #expect(OpenAPIDocument.yaml + "\n" == committed)
    }

    @Test("every route of the router is documented with its method, and nothing else is")
    func everyRouteIsDocumented() throws {
        let connection = AMQPConnection(
            configuration: try AMQPConfiguration(url: "amqp://guest:guest@127.0.0.1:1/"), logger: Logger(label: "unused"))
        let registry = PrometheusCollectorRegistry()
        let metrics = ProducerMetrics(factory: ProducerMetrics.prometheusFactory(registry: registry))
        let dispatcher = CommandDispatcher(
            connection: connection, configuration: ProducerConfiguration(), metrics: metrics, logger: Logger(label: "unused"))
        let gateway = CommandGateway(dispatcher: dispatcher, defaultTimeout: .seconds(1), maximumTimeout: .seconds(2), signer: UnsignedTestSigner())
        let router = ProducerRoutes.makeRouter(dispatcher: dispatcher, gateway: gateway, registry: registry)
        let routed = Set(router.routes.map { "\($0.method.rawValue.lowercased()) \(Self.normalized("\($0.path)"))" })
        #expect(routed.count == 67)
        #expect(routed == Self.documentedOperations(OpenAPIDocument.yaml))
    }

    /// `get /a/{b}` for every operation under `paths:`.
    static func documentedOperations(_ yaml: String) -> Set<String> {
        var operations: Set<String> = []
        var path: String?
        var inPaths = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, let method = ["get", "put", "post", "delete", "patch"].first(where: { line == "    \($0):" }) {
                operations.insert("\(method) \(normalized(path))")
            }
        }
        return operations
    }

    /// A path with its leading slash and parameter names, so both sources compare equal.
    static func normalized(_ path: String) -> String {
        "/" + path.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
    }
}
