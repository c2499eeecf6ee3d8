import AMQPClient
import Foundation
import ServiceTestSupport
import SubscriptionMessages
import Testing

/// The broker users of Compose/rabbitmq/definitions.json on a private node that imported them
/// (scripts/rabbitmq-local.sh, RABBITMQ_LOCAL_USERS=1): each service under its own user, the
/// analytics user confined to the events, operator commands from allowed users only
/// (docs/amqp-client.md, "Broker users").
@Suite("Broker users (least privilege)", .serialized, .requiresBrokerNodes)
struct BrokerUsersTests {
    static let node = PrivateBrokerNode(
        name: "e2e-users-\(ProcessInfo.processInfo.processIdentifier % 1000)", port: 5822,
        environment: ["RABBITMQ_LOCAL_USERS": "1"])

    /// The AMQP URL of `role`'s user, its password as the script made it.
    static func url(_ role: String) throws -> String {
        let password = try String(contentsOf: node.baseDirectory.appending(path: "users/\(role).password"), encoding: .utf8)
        return "amqp://subscriptions-\(role):\(password)@127.0.0.1:\(node.port)/"
    }

    @Test(
        "the producer and the consumer work under their own users and the analytics user reads their events from its own queue, but can neither publish a command nor read the commands queue; an operator command is applied from the operator's subscriptionsctl and refused, with a clear reply, from a user not allowed to send it; a user_id that is not the publisher's own is refused by the broker"
    )
    func leastPrivilege() async throws {
        try #require(!Self.node.isListening, "port \(Self.node.port) is taken: another run of this suite?")
        try await Self.node.use { node in
            try await node.start()
            // The analytics reader binds its queue first (it may not declare the events
            // exchange: its client checks that the exchange exists instead).
            let analytics = try await Stack.connect(amqpURL: try Self.url("analytics"), name: "analytics")
            let watcher = try await EventWatcher(connection: analytics, eventsExchange: "subscriptions.events", queuePrefix: "analytics.users")
            let stack = try await Stack.start(
                busPrefix: "subscriptions",
                consumerEnvironment: [
                    "AMQP_URL": try Self.url("consumer"), "OPERATOR_COMMAND_USERS": "subscriptions-producer,subscriptions-operator",
                ],
                amqpURL: try Self.url("producer"))
            do {
                try await exercise(stack, watcher: watcher, analytics: analytics, node: node)
            } catch {
                Issue.record("\(error)\n--- producer log ---\n\(stack.producer?.logTail() ?? "")\n--- consumer log ---\n\(stack.consumer?.logTail() ?? "")")
            }
            await watcher.stop()
            await analytics.close()
            let status = await stack.stop()
            #expect(status.producer == 0)
            #expect(status.consumer == 0)
        }
    }

    private func exercise(_ stack: Stack, watcher: EventWatcher, analytics: AMQPConnection, node: PrivateBrokerNode) async throws {
        // Producer → consumer: an operator route over HTTP, answered; its event reaches analytics.
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let purchase = try await http.post(
            "v1/purchases", ["customerId": stack.unique("least-privilege"), "productId": E2ECatalog.monthly, "storefront": "USA"])
        #expect(purchase.status == 200, "\(purchase)")
        try await watcher.waitUntil("the purchase's event, read by the analytics user") { !$0.isEmpty }

        // The analytics user may not publish a command…
        let command = DirectCommandClient.envelope(ConsumerPipelineTests.purchase(customer: stack.unique("analytics-command")))
        let publish = await #expect(throws: AMQPError.self) {
            try await analytics.publish(
                AMQPMessage(body: try command.serializedBytes()), exchange: "subscriptions.commands",
                routingKey: CommandRoute.purchase.routingKey, deadline: .now + .seconds(10))
        }
        #expect(publish?.code == .accessRefused, "\(String(describing: publish))")
        // … nor read the commands queue.
        let read = await #expect(throws: AMQPError.self) {
            let consumer = try await analytics.consume(queue: "subscriptions.commands", prefetch: 1)
            await consumer.cancel()
        }
        #expect(read?.code == .accessRefused, "\(String(describing: read))")

        // An operator command from guest (every permission on this node, but not in
        // OPERATOR_COMMAND_USERS): refused, with or without its own user_id; nothing applied.
        let guest = try await Stack.connect(amqpURL: node.url, name: "guest")
        let client = try await DirectCommandClient(connection: guest, busPrefix: "subscriptions")
        let anonymous = try await client.send(DirectCommandClient.envelope(.listTestClocks(Subscriptions_V1_ListTestClocksRequest())))
        #expect(anonymous.status == .permissionDenied, "\(anonymous)")
        #expect(anonymous.error.message.contains("ListTestClocks is an operator command"), "\(anonymous.error.message)")
        #expect(anonymous.error.field == "user_id")
        let named = try await client.send(
            DirectCommandClient.envelope(.listTestClocks(Subscriptions_V1_ListTestClocksRequest())), userId: "guest")
        #expect(named.status == .permissionDenied, "\(named)")
        #expect(named.error.message.contains("the broker user 'guest' may not send it (OPERATOR_COMMAND_USERS)"), "\(named.error.message)")
        // Another user's name: the broker itself refuses the publish.
        let impersonation = await #expect(throws: AMQPError.self) {
            try await client.publishRaw(
                try DirectCommandClient.envelope(.listTestClocks(Subscriptions_V1_ListTestClocksRequest())).serializedBytes(),
                routingKey: CommandRoute.listTestClocks.routingKey, correlationId: UUID().uuidString.lowercased(),
                userId: "subscriptions-operator")
        }
        #expect(impersonation?.code == .preconditionFailed, "\(String(describing: impersonation))")
        // A command that is not an operator's is applied from guest all the same.
        var statuses = Subscriptions_V1_GetAllSubscriptionStatusesRequest()
        statuses.transactionID = purchase.originalTransactionId
        let appCommand = try await client.send(DirectCommandClient.envelope(.getAllSubscriptionStatuses(statuses)))
        #expect(appCommand.status == .ok, "\(appCommand)")
        await guest.close()

        // The operator's subscriptionsctl under its own user: its reply queue, its user_id.
        let ctl = BuiltProducts.executable("subscriptionsctl").path
        let clocks = try await ScriptRun.output(
            [ctl, "clock", "list", "--amqp-url", try Self.url("operator"), "--bus-prefix", "subscriptions"])
        #expect(clocks.contains("no test clocks"), "\(clocks)")
    }
}
