import ArgumentParser
import Foundation
import SubscriptionMessages

/// `subscriptions-load mass-extend`: requests a mass renewal-date extension of a product and
/// polls its status until it is complete; prints the time it took and the consumer's peak
/// resident memory, sampled throughout.
struct MassExtendLoad: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mass-extend",
        abstract: "Time a mass renewal-date extension and watch the consumer's memory while it runs."
    )

    @OptionGroup var bus: BusOptions
    @Option(help: "Product whose subscriptions to extend.") var product = "news.basic.monthly"
    @Option(help: "Days to extend by (1...90).") var days: Int32 = 7
    @Option(help: "Seconds to wait for completion.") var timeout = 600

    func run() async throws {
        let factory = CommandFactory(product: product)
        let probe = bus.probePid.map(ProcessProbe.init)
        let requestIdentifier = UUID().uuidString.lowercased()
        try await LoadDriver.withDriver(bus) { [days, timeout] driver in
            let started = ContinuousClock.now
            let (request, route) = factory.massExtension(requestIdentifier: requestIdentifier, days: days)
            try driver.send([LoadDriver.Command(envelope: request, route: route, scheduled: started)])
            var peakResident: Int64 = 0
            var status = Subscriptions_V1_GetMassExtensionStatusReply()
            let deadline = started + .seconds(timeout)
            while ContinuousClock.now < deadline {
                if let memory = probe?.memory() { peakResident = max(peakResident, memory.resident) }
                let (query, queryRoute) = factory.massExtensionStatus(requestIdentifier: requestIdentifier)
                if let reply = try await driver.ask(LoadDriver.Command(envelope: query, route: queryRoute, scheduled: .now)),
                   case .getMassExtensionStatus(let current) = reply.result {
                    status = current
                    if status.complete { break }
                }
                try await Task.sleep(for: .milliseconds(250))
            }
            let elapsed = ContinuousClock.now - started
            say("mass extension of \(product): complete \(status.complete), succeeded \(status.succeededCount), failed \(status.failedCount)")
            say(String(format: "  elapsed %.1f s (%.0f subscriptions/s)", LatencyReport.milliseconds(elapsed) / 1000,
                Double(status.succeededCount + status.failedCount) / (LatencyReport.milliseconds(elapsed) / 1000)))
            if let memory = probe?.memory() {
                say(String(format: "  consumer resident memory: peak sampled %.1f MiB, peak since start (VmHWM) %.1f MiB",
                    Double(max(peakResident, memory.resident)) / 1_048_576, Double(memory.peak) / 1_048_576))
            }
        }
    }
}
