import Foundation
import ServiceTestSupport
import Testing

/// Both services against a private broker node of their own (port 5712), for what the shared
/// broker cannot show: the services started before their broker, and a broker that accepts
/// connections but stops confirming publishes (a memory alarm blocks publishers).
@Suite(
    "Broker edges end to end", .serialized, .requiresBrokerNodes,
    .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "needs a broker node of its own")
)
struct BrokerEdgeTests {
    static let node = PrivateBrokerNode(name: "e2e-edges-\(ProcessInfo.processInfo.processIdentifier % 1000)", port: 5712)

    @Test("producer and consumer started 15 s before their broker: /health becomes 200 and a purchase succeeds")
    func servicesStartBeforeBroker() async throws {
        try #require(!Self.node.isListening, "port \(Self.node.port) is taken: another run of this suite?")
        try await Self.node.use { node in
            // A node's boot took 50 s once on a loaded machine: 15 s late + 50 s is past the
            // consumer's default minute (STARTUP_TIMEOUT), after which it exits by design.
            let stack = try await Stack.start(consumerEnvironment: ["STARTUP_TIMEOUT": "300"], amqpURL: node.url, waitForHealth: false)
            await Self.run(stack) { http in
                try await Task.sleep(for: .seconds(15))
                let unhealthy = try await http.send("GET", "health")
                #expect(unhealthy.status == 503, "\(unhealthy)")

                try await node.start()
                try await stack.waitUntilHealthy(timeout: .seconds(240))
                let purchase = try await http.post(
                    "v1/purchases",
                    ["customerId": stack.unique("late-broker"), "productId": E2ECatalog.monthly, "storefront": "USA"])
                #expect(purchase.status == 200, "\(purchase)")
                #expect(!purchase.originalTransactionId.isEmpty, "\(purchase)")
            }
        }
    }

    @Test("a broker that stops confirming (memory alarm): the request ends at its X-Request-Timeout with 504, and works again after the alarm")
    func publishBoundedByRequestDeadline() async throws {
        try #require(!Self.node.isListening, "port \(Self.node.port) is taken: another run of this suite?")
        try await Self.node.use { node in
            try await node.start()
            let stack = try await Stack.start(amqpURL: node.url)
            await Self.run(stack) { http in
                let before = try await http.post(
                    "v1/purchases", ["customerId": stack.unique("alarm-1"), "productId": E2ECatalog.monthly, "storefront": "USA"])
                #expect(before.status == 200, "\(before)")

                try await node.ctl(["set_vm_memory_high_watermark", "0"])
                let started = ContinuousClock.now
                let blocked = try await http.post(
                    "v1/purchases", ["customerId": stack.unique("alarm-2"), "productId": E2ECatalog.monthly, "storefront": "USA"],
                    headers: ["X-Request-Timeout": "2000"])
                let elapsed = ContinuousClock.now - started
                #expect(blocked.status == 504, "\(blocked)")
                #expect(blocked.value("errorCode") as? Int == 5_049_000, "\(blocked)")
                let message = blocked.value("errorMessage") as? String ?? ""
                #expect(message.contains("message broker did not accept the command"), "\(blocked)")
                #expect(elapsed >= .milliseconds(1900) && elapsed < .seconds(5), "ended after \(elapsed)")

                try await node.ctl(["set_vm_memory_high_watermark", "0.4"])
                let after = try await http.post(
                    "v1/purchases", ["customerId": stack.unique("alarm-3"), "productId": E2ECatalog.monthly, "storefront": "USA"])
                #expect(after.status == 200, "\(after)")
            }
        }
    }

    /// Runs `body` against the stack's producer, then stops both services (also when `body`
    /// throws, with their logs in the issue) and checks they exited cleanly.
    private static func run(_ stack: Stack, _ body: (ProducerClient) async throws -> Void) async {
        do {
            try await body(ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials))
        } catch {
            Issue.record("\(error)\n--- producer log ---\n\(stack.producer?.logTail() ?? "")\n--- consumer log ---\n\(stack.consumer?.logTail() ?? "")")
        }
        let status = await stack.stop()
        #expect(status.producer == 0)
        #expect(status.consumer == 0)
    }
}
