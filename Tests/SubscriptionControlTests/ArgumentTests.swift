import ArgumentParser
import ServiceTestSupport
import SubscriptionMessages
import Testing

@testable import SubscriptionControl

@Suite struct ArgumentTests {
    @Test func publishTakesMethodAndJSON() throws {
        let command = try SubscriptionsCtl.parseAsRoot(["publish", "purchase", "--json-string", "{}", "--bus-prefix", "x"])
        let publish = try #require(command as? PublishCommand)
        #expect(publish.method == "purchase")
        #expect(publish.jsonString == "{}")
        #expect(publish.connection.names.commandsExchange == "x.commands")
    }

    @Test func publishRefusesBothBodies() {
        #expect(throws: (any Error).self) {
            try SubscriptionsCtl.parseAsRoot(["publish", "purchase", "--json", "a.json", "--json-string", "{}"])
        }
    }

    @Test(arguments: [("purchase", CommandRoute.purchase), ("SetAutoRenew", .setAutoRenew),
                      ("switch-product", .switchProduct), ("advance_test_clock", .advanceTestClock)])
    func methodNamesIgnoreCaseAndSeparators(name: String, route: CommandRoute) throws {
        #expect(try CommandBody.route(named: name) == route)
    }

    @Test func unknownMethodListsTheKnownOnes() {
        #expect { try CommandBody.route(named: "buy") } throws: { "\($0)".contains("Purchase, SwitchProduct") }
    }

    @Test func purchaseBodyIsMappedByTheProducersMapping() throws {
        let json = #"{"customerId":"c1","productId":"news.basic.monthly","storefront":"USA"}"#
        let body = try CommandBody.make(route: .purchase, json: Array(json.utf8), path: [], customerID: nil)
        guard case .purchase(let purchase) = body.command else { Issue.record("not a purchase"); return }
        #expect(purchase.customerID == "c1")
        #expect(purchase.productID == "news.basic.monthly")
        #expect(purchase.storefront == "USA")
        #expect(body.idempotencyKey == nil)
    }

    @Test func invalidBodyNamesTheField() {
        #expect {
            try CommandBody.make(route: .purchase, json: Array(#"{"customerId":"c1"}"#.utf8), path: [], customerID: nil)
        } throws: { "\($0)".contains("productId") }
    }

    @Test func pathParameterIsRequiredWhereTheRouteHasOne() {
        #expect { try CommandBody.make(route: .getAllSubscriptionStatuses, json: [], path: [], customerID: nil) }
            throws: { "\($0)".contains("--path <transactionId>") }
    }

    @Test func clockAdvanceNeedsExactlyOneTarget() throws {
        #expect(throws: (any Error).self) { try SubscriptionsCtl.parseAsRoot(["clock", "advance"]) }
        #expect(throws: (any Error).self) { try SubscriptionsCtl.parseAsRoot(["clock", "advance", "--by", "P1D", "--to", "0"]) }
        #expect(try ClockAdvanceCommand.body(by: "P30D", to: nil) == #"{"advanceBy":"P30D"}"#)
        #expect(try ClockAdvanceCommand.body(by: "36h", to: nil) == #"{"advanceBy":"P1DT12H"}"#)
        #expect(try ClockAdvanceCommand.body(by: "90s", to: nil) == #"{"advanceBy":"PT1M30S"}"#)
        #expect(try ClockAdvanceCommand.body(by: "30d", to: nil) == #"{"advanceBy":"P30D"}"#)
        #expect(try ClockAdvanceCommand.body(by: nil, to: "2026-01-01T00:00:00Z") == #"{"advanceTo":1767225600000}"#)
        #expect(try ClockAdvanceCommand.body(by: nil, to: "1767225600000") == #"{"advanceTo":1767225600000}"#)
    }

    @Test func eventsTailParsesBindingsCountAndDuration() throws {
        let command = try SubscriptionsCtl.parseAsRoot(["events", "tail", "--bind", "DID_RENEW.*", "--bind", "EXPIRED.#", "--count", "3", "--for", "10s"])
        let tail = try #require(command as? EventsTailCommand)
        #expect(tail.bind == ["DID_RENEW.*", "EXPIRED.#"])
        #expect(tail.count == 3)
        #expect(tail.duration == .seconds(10))
    }

    @Test func dlqReplayNeedsAllOrACommandId() {
        #expect(throws: (any Error).self) { try SubscriptionsCtl.parseAsRoot(["dlq", "replay"]) }
        #expect(throws: (any Error).self) { try SubscriptionsCtl.parseAsRoot(["dlq", "replay", "--all", "--command-id", "x"]) }
    }

    @Test func clockShowNamesAnUnreachableConsumer() async throws {
        let port = try FreePort.find()
        let result = await CtlRun.run(["clock", "show", "--consumer-url", "http://127.0.0.1:\(port)"])
        #expect(result.code != 0)
        #expect(result.output.errors.joined().contains("127.0.0.1:\(port)"), "\(result.output.errors)")
    }

    @Test func aBadEntryInTheBrokerListIsNamed() async throws {
        let port = try FreePort.find()
        let result = await CtlRun.run(["dlq", "list", "--amqp-url", "amqp://127.0.0.1:\(port)/,,amqp://127.0.0.1:\(port)/", "--bus-prefix", "x"])
        #expect(result.code != 0)
        #expect(result.output.errors.joined().contains("entry 2 of 3 in the AMQP URL list is empty"), "\(result.output.errors)")
    }

    @Test func everyCommandHelpHasAnExample() {
        let paths: [[String]] = [["publish"], ["events", "tail"], ["events", "stats"], ["extend", "mass"],
                                 ["clock", "advance"], ["clock", "show"], ["dlq", "list"], ["dlq", "replay"]]
        for path in paths {
            let help = SubscriptionsCtl.helpMessage(for: Self.commandType(path), columns: 200)
            #expect(help.contains("Example"), "\(path) has no example")
            #expect(help.contains("subscriptionsctl \(path.joined(separator: " "))"), "\(path) example does not show the command")
        }
    }

    private static func commandType(_ path: [String]) -> any ParsableCommand.Type {
        switch path {
        case ["publish"]: PublishCommand.self
        case ["events", "tail"]: EventsTailCommand.self
        case ["events", "stats"]: EventsStatsCommand.self
        case ["extend", "mass"]: MassExtendCommand.self
        case ["clock", "advance"]: ClockAdvanceCommand.self
        case ["clock", "show"]: ClockShowCommand.self
        case ["dlq", "list"]: DeadLetterListCommand.self
        default: DeadLetterReplayCommand.self
        }
    }
}
