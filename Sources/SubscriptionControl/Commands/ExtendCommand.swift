import ArgumentParser
import Foundation
import SubscriptionMessages

/// `extend mass`.
struct ExtendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extend",
        abstract: "Renewal-date extensions.",
        subcommands: [MassExtendCommand.self]
    )
}

/// `extend mass`: starts a mass extension and follows it to the end.
struct MassExtendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mass",
        abstract: "Extend the renewal date of every active subscriber of a product, and follow the progress until complete.",
        discussion: """
            Sends MassExtendRenewalDate (the App Store Server API body), then polls \
            GetMassExtensionStatus and prints a progress line until the extension is complete, then \
            the succeeded and failed counts. The consumer runs the extension in the background: by \
            itself on the system clock, when the clock advances on the test clock (reading the \
            status never runs it). Reason codes: 0 undeclared, 1 customer satisfaction, \
            2 other, 3 service issue or outage.
            Example:
              subscriptionsctl extend mass --product news.basic.monthly --days 7 --reason 3 --storefront USA --storefront CAN
            """
    )

    @Option(help: "Product whose subscribers are extended.") var product: String
    @Option(help: "Days to extend by (1…90).") var days: Int
    @Option(help: "Apple's extendReasonCode (0…3).") var reason: Int
    @Option(help: "Storefront country code to limit to (repeatable; default all).") var storefront: [String] = []
    @Option(help: "Request identifier (UUID); a new one when absent, the same one resumes following.") var requestIdentifier: String?
    @Option(help: "Time between status polls (e.g. 500ms, 2s).") var interval: Duration = .seconds(1)
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let identifier = requestIdentifier ?? UUID().uuidString.lowercased()
        var fields: [String: Any] = [
            "productId": product, "extendByDays": days, "extendReasonCode": reason, "requestIdentifier": identifier,
        ]
        if !storefront.isEmpty { fields["storefrontCountryCodes"] = storefront }
        let json = Array(try JSONSerialization.data(withJSONObject: fields))
        let start = try CommandBody.make(route: .massExtendRenewalDate, json: json, path: [], customerID: nil)
        let status = try CommandBody.make(route: .getMassExtensionStatus, json: [], path: [product, identifier], customerID: nil)
        let (timeout, interval, product) = (connection.replyTimeout, self.interval, self.product)
        let output = ControlContext.output
        let final = try await ControlBus.with(connection) { bus in
            let started = try await bus.send(start.command, idempotencyKey: start.idempotencyKey, timeout: timeout)
            guard started.status == .ok else { return started }
            output.writeError("mass extension \(identifier) of \(product) started")
            var hinted = false
            while true {
                let reply = try await bus.send(status.command, timeout: timeout)
                guard reply.status == .ok, case .getMassExtensionStatus(let progress)? = reply.result else { return reply }
                output.writeError("progress: succeeded \(progress.succeededCount), failed \(progress.failedCount), complete \(progress.complete)")
                if progress.complete { return reply }
                if !hinted, progress.succeededCount + progress.failedCount == 0 {
                    output.writeError("waiting: on the test clock (CLOCK=manual) the extension runs when the clock advances: subscriptionsctl clock advance --by PT1S")
                    hinted = true
                }
                try await Task.sleep(for: interval)
            }
        }
        guard final.status == .ok, case .getMassExtensionStatus(let summary)? = final.result else {
            try PublishCommand.report(final)
            return
        }
        let date = summary.hasCompleteDate ? summary.completeDate.date.formatted(.iso8601) : "-"
        output.write("complete: request \(summary.requestIdentifier) succeeded \(summary.succeededCount) failed \(summary.failedCount) at \(date)")
    }
}
