import AMQPClient
import Foundation
import SubscriptionMessages
import Testing

@testable import SubscriptionCommands
@testable import SubscriptionProducer

@Suite("Command ids and trace context")
struct CommandIdentityTests {
    @Test("a version 5 UUID equals RFC 9562's / Python's uuid5(NAMESPACE_DNS, 'python.org')")
    func nameBasedUUIDMatchesReference() throws {
        let dns = try #require(UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
        let uuid = CommandIdentity.nameBasedUUID(namespace: dns, name: "python.org")
        #expect(uuid.uuidString.lowercased() == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
    }

    @Test("the same route and key give the same command id; another route or key another one")
    func replaysShareTheCommandID() {
        let first = CommandIdentity.commandID(route: .purchase, idempotencyKey: "key-1")
        #expect(first == CommandIdentity.commandID(route: .purchase, idempotencyKey: "key-1"))
        #expect(first != CommandIdentity.commandID(route: .purchase, idempotencyKey: "key-2"))
        #expect(first != CommandIdentity.commandID(route: .setAutoRenew, idempotencyKey: "key-1"))
        #expect(first.count == 36)
        #expect(first.dropFirst(14).first == "5")
    }

    @Test("without a key every command gets a new time-ordered (version 7) id of the current time")
    func withoutKeyTheIDIsTimeOrdered() throws {
        let before = UInt64(Date().timeIntervalSince1970 * 1000)
        let first = CommandIdentity.commandID(route: .purchase, idempotencyKey: nil)
        let second = CommandIdentity.commandID(route: .purchase, idempotencyKey: nil)
        let after = UInt64(Date().timeIntervalSince1970 * 1000)
        #expect(first != second)
        #expect(first.dropFirst(14).first == "7")
        let time = try #require(UInt64(first.prefix(8) + first.dropFirst(9).prefix(4), radix: 16))
        #expect((before...after).contains(time))
    }

    @Test("a valid traceparent is passed through, an invalid or missing one replaced")
    func traceparent() {
        let incoming = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        let kept = TraceContext(traceparent: incoming, tracestate: "vendor=1")
        #expect(kept.traceparent == incoming)
        #expect(kept.tracestate == "vendor=1")
        for bad in [nil, "garbage", "00-00000000000000000000000000000000-00f067aa0ba902b7-01", "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01"] {
            let made = TraceContext(traceparent: bad, tracestate: "vendor=1")
            #expect(made.traceparent != bad)
            #expect(TraceContext.isValid(made.traceparent))
            #expect(made.tracestate == nil)
        }
    }

    @Test("a tracestate that does not parse is dropped and the traceparent kept; both reach the AMQP headers")
    func tracestate() {
        let incoming = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        let dropped = TraceContext(traceparent: incoming, tracestate: "Vendor=1")
        #expect(dropped.traceparent == incoming)
        #expect(dropped.tracestate == nil)
        var headers: AMQPTable = [:]
        TraceContext(traceparent: incoming, tracestate: "vendor=1,other=2").inject(into: &headers, using: AMQPHeadersInjector())
        #expect(headers["traceparent"]?.stringValue == incoming)
        #expect(headers["tracestate"]?.stringValue == "vendor=1, other=2")
    }

    @Test("the topology declares the contract's names, arguments and one binding per route")
    func topology() {
        let topology = CommandTopology().topology()
        #expect(topology.exchanges.map(\.name) == ["subscriptions.commands", "subscriptions.dead-letter", "subscriptions.events"])
        #expect(topology.exchanges.map(\.kind) == [.direct, .fanout, .topic])
        let queue = topology.queues[0]
        #expect(queue.name == "subscriptions.commands")
        #expect(queue.arguments == [
            "x-queue-type": .string("quorum"), "x-delivery-limit": .int64(5),
            "x-dead-letter-exchange": .string("subscriptions.dead-letter"),
            "x-dead-letter-strategy": .string("at-least-once"), "x-overflow": .string("reject-publish"),
        ])
        // The dead-letter queue is bounded and refuses more rather than dropping its oldest.
        #expect(topology.queues[1].arguments == [
            "x-queue-type": .string("quorum"), "x-max-length": .int64(100_000), "x-overflow": .string("reject-publish"),
        ])
        #expect(Set(topology.bindings.map(\.routingKey)) == Set(CommandRoute.allCases.map(\.routingKey) + [""]))
        #expect(CommandTopology(prefix: "t.").commandsExchange == "t.subscriptions.commands")
    }
}
