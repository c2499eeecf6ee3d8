import ArgumentParser
import Foundation

/// `subscriptions-load seed`: creates many subscriptions quickly (purchases at a high number
/// in flight), for the mass-extension benchmark. Every purchase is a real command: its
/// `SUBSCRIBED` event is produced and published like any other.
struct SeedSubscriptions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Create N subscriptions of a product by purchases, as fast as the consumer takes them."
    )

    @OptionGroup var bus: BusOptions
    @Option(help: "Subscriptions to create.") var subscriptions = 100_000
    @Option(help: "Purchases awaiting their reply at any time.") var inFlight = 2000
    @Option(help: "Product to buy.") var product = "news.basic.monthly"

    func run() async throws {
        let factory = CommandFactory(product: product)
        let report = try await LoadDriver.withDriver(bus) { [subscriptions, inFlight] driver in
            let started = ContinuousClock.now
            var sent = 0
            var lastPrint = started
            while sent < subscriptions {
                await driver.waitUntilOutstanding(below: inFlight)
                let room = min(inFlight - driver.outstanding, subscriptions - sent, 1000)
                guard room > 0 else { continue }
                let now = ContinuousClock.now
                try driver.send((sent..<(sent + room)).map { index in
                    let (envelope, route) = factory.purchase(index, customerPrefix: "seed")
                    return LoadDriver.Command(envelope: envelope, route: route, scheduled: now)
                })
                sent += room
                if now - lastPrint > .seconds(10) {
                    lastPrint = now
                    say("seed: \(sent - driver.outstanding) of \(subscriptions)")
                }
            }
            let unanswered = await driver.drain(timeout: .seconds(300))
            let results = driver.takeResults()
            return LatencyReport(
                label: "seed", latencies: results.latencies, failures: results.failures + unanswered,
                elapsed: ContinuousClock.now - started, consumerCPU: nil, consumerPeakMemory: nil)
        }
        say(report.printed())
    }
}
