import ArgumentParser
import Foundation
import SubscriptionMessages

/// `publish <method>`: one command from its HTTP JSON body, straight to the commands exchange.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish one command built from the JSON body the HTTP API takes, and print the reply.",
        discussion: """
            METHOD is a service.proto method (Purchase, SwitchProduct, AdvanceTestClock, …; case and \
            '-'/'_' do not matter). The body is validated and mapped exactly as the producer does. \
            The reply is printed as protobuf JSON; a non-OK reply also prints its status and error \
            on standard error and exits 1.
            Examples:
              subscriptionsctl publish purchase --json-string '{"customerId":"c1","productId":"news.basic.monthly","storefront":"USA"}'
              subscriptionsctl publish extend-renewal-date --path 2000000000000001 --json body.json
              subscriptionsctl publish get-mass-extension-status --path news.basic.monthly --path 6e7c…
              subscriptionsctl publish change-price --path 2000000000000001 --json body.json --preview --preview-until 2030-04-01T00:00:00Z
            With --preview the consumer applies the command and rolls it back: the reply carries \
            preview_events, nothing is kept or published (docs/previews.md).
            """
    )

    @Argument(help: "The method, e.g. purchase or SetAutoRenew.") var method: String
    @Option(help: "File holding the JSON body.") var json: String?
    @Option(help: "The JSON body itself.") var jsonString: String?
    @Option(help: "A path parameter of the HTTP route, in URL order (repeatable).") var path: [String] = []
    @Option(help: "The customer of a CreateSubscription (X-Customer-Id).") var customerId: String?
    @Option(help: "Idempotency key (the Idempotency-Key header); a replay gets the stored reply.") var idempotencyKey: String?
    @Option(help: "The test clock the command runs on (the X-Test-Clock header; docs/test-clocks.md).") var testClock: String?
    @Flag(help: "A dry run: the reply and the events it would cause; nothing is applied or published.") var preview = false
    @Option(help: "With --preview: let the command's clock run to this instant (ISO 8601, e.g. 2030-04-01T00:00:00Z, or ms since 1970).")
    var previewUntil: String?
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if json != nil, jsonString != nil { throw ValidationError("give either --json or --json-string, not both") }
        if previewUntil != nil, !preview { throw ValidationError("--preview-until needs --preview") }
    }

    func run() async throws {
        let route = try CommandBody.route(named: method)
        var body = try CommandBody.make(route: route, json: try bodyBytes(), path: path, customerID: customerId)
        if let idempotencyKey, body.idempotencyKey == nil { body.idempotencyKey = idempotencyKey }
        let timeout = connection.replyTimeout
        let until = try previewUntil.map {
            Date(timeIntervalSince1970: Double(try TestClockText.milliseconds($0, option: "--preview-until")) / 1000)
        }
        let preview = preview
        let reply = try await ControlBus.with(connection) { [body] bus in
            try await bus.send(
                body.command, idempotencyKey: body.idempotencyKey, testClockID: testClock ?? "", preview: preview,
                previewUntil: until, timeout: timeout)
        }
        try Self.report(reply)
    }

    /// Prints the reply; throws exit code 1 for anything but OK.
    static func report(_ reply: Subscriptions_V1_CommandReply) throws {
        let output = ControlContext.output
        output.write(ReplyText.json(reply))
        guard reply.status == .ok else {
            output.writeError(ReplyText.failure(reply))
            throw ExitCode(1)
        }
    }

    private func bodyBytes() throws -> [UInt8] {
        if let jsonString { return Array(jsonString.utf8) }
        if let json {
            guard let data = FileManager.default.contents(atPath: json) else { throw ControlError("cannot read --json file \(json)") }
            return Array(data)
        }
        return Array("{}".utf8)
    }
}
