import Foundation
import SubscriptionMessages
import Testing

@Suite("CommandRoute")
struct CommandRouteTests {
    @Test("every route maps to its envelope case and back", arguments: CommandRoute.allCases)
    func routeRoundTripsThroughEnvelopeCase(route: CommandRoute) {
        #expect(CommandRoute(route.makeEmptyCommand()) == route)
        #expect(CommandRoute(route.makeEmptyResult()) == route)
        #expect(CommandRoute(SampleCommands.command(for: route)) == route)
    }

    @Test("every route maps to its routing key and back", arguments: CommandRoute.allCases)
    func routeRoundTripsThroughRoutingKey(route: CommandRoute) {
        #expect(route.routingKey == "subscriptions.v1.SubscriptionCommands/\(route.methodName)")
        #expect(CommandRoute(routingKey: route.routingKey) == route)
        #expect(CommandRoute(methodName: route.methodName) == route)
    }

    @Test("routing keys and method names are unique")
    func routingKeysAreUnique() {
        let keys = Set(CommandRoute.allCases.map(\.routingKey))
        #expect(keys.count == CommandRoute.allCases.count)
        let emptyCommands = CommandRoute.allCases.map { CommandRoute($0.makeEmptyCommand()) }
        #expect(Set(emptyCommands).count == CommandRoute.allCases.count)
    }

    @Test("unknown routing keys give no route")
    func unknownRoutingKeys() {
        #expect(CommandRoute(routingKey: "subscriptions.v1.SubscriptionCommands/Nope") == nil)
        #expect(CommandRoute(routingKey: "subscriptions.v2.SubscriptionCommands/Purchase") == nil)
        #expect(CommandRoute(routingKey: "Purchase") == nil)
    }

    @Test("the routes are exactly the rpcs of service.proto")
    func routesMatchServiceProto() throws {
        let serviceProto = URL(filePath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Protos/subscriptions/v1/service.proto")
        let text = try String(contentsOf: serviceProto, encoding: .utf8)
        let rpcNames = text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("rpc ") else { return nil }
            return trimmed.dropFirst(4).split(separator: "(").first.map(String.init)
        }
        #expect(rpcNames == CommandRoute.allCases.map(\.methodName))
    }

    @Test("an envelope and its reply report the same route")
    func envelopeAndReplyRoutes() {
        let envelope = SampleCommands.envelope(for: .extendRenewalDate)
        var reply = Subscriptions_V1_CommandReply()
        reply.result = CommandRoute.extendRenewalDate.makeEmptyResult()
        #expect(envelope.route == .extendRenewalDate)
        #expect(reply.route == envelope.route)
        #expect(Subscriptions_V1_CommandEnvelope().route == nil)
    }
}
