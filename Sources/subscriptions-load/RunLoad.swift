import ArgumentParser
import Foundation

/// `subscriptions-load run`: purchases at a fixed number in flight (closed loop), or at a
/// fixed offered rate (open loop: latency counts from when each command was due, so a slow
/// consumer cannot hide its queueing, "coordinated omission").
struct RunLoad: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Send purchases and print throughput, reply latency percentiles and the consumer's CPU per command.",
        discussion: """
            Examples:
              subscriptions-load run --commands 20000 --in-flight 500 --probe-pid $(pidof subscriptions-consumer)
              subscriptions-load run --commands 20000 --rate 1000
            """
    )

    @OptionGroup var bus: BusOptions
    @Option(help: "Commands to send.") var commands = 2000
    @Option(help: "Commands awaiting their reply at any time (closed loop).") var inFlight = 100
    @Option(help: "Commands per second to offer (open loop); overrides --in-flight.") var rate: Int?
    @Option(help: "Product to buy (from the catalog).") var product = "news.basic.monthly"
    @Option(help: "A label for the printed block.") var label: String?
    @Option(help: "Seconds to wait for the last replies.") var drainTimeout = 120
    @Option(help: "Command ids: time-ordered (version 7 UUIDs, as the producer makes without an idempotency key) or random (version 4).")
    var commandIds = CommandIdStyle.timeOrdered

    func run() async throws {
        let factory = CommandFactory(product: product, commandIds: commandIds)
        let probe = bus.probePid.map(ProcessProbe.init)
        let broker = bus.brokerPid.map(ProcessProbe.init)
        let report = try await LoadDriver.withDriver(bus) { [commands, inFlight, rate, drainTimeout] driver in
            let cpuBefore = probe?.cpuTime()
            let switchesBefore = probe?.voluntaryContextSwitches()
            let brokerBefore = broker?.cpuTime()
            let selfBefore = ProcessProbe.ownCPUTime()
            let started = ContinuousClock.now
            if let rate {
                try await Self.openLoop(driver, factory: factory, commands: commands, rate: rate)
            } else {
                try await Self.closedLoop(driver, factory: factory, commands: commands, inFlight: inFlight)
            }
            let unanswered = await driver.drain(timeout: .seconds(drainTimeout))
            let elapsed = ContinuousClock.now - started
            let results = driver.takeResults()
            let cpu = zip(cpuBefore, probe?.cpuTime()).map { $1 - $0 }
            let switches = zip(switchesBefore, probe?.voluntaryContextSwitches()).map(ProcessProbe.switches(from:to:))
            let brokerCPU = zip(brokerBefore, broker?.cpuTime()).map { $1 - $0 }
            let machine = zip(cpu, brokerCPU).map {
                MachineCPU(consumer: $0, broker: $1, loadTool: ProcessProbe.ownCPUTime() - selfBefore)
            }
            return LatencyReport(
                label: label ?? (rate.map { "offered \($0) commands/s" } ?? "\(inFlight) in flight"),
                latencies: results.latencies, failures: results.failures + unanswered, elapsed: elapsed,
                consumerCPU: cpu, consumerPeakMemory: probe?.memory()?.peak, replyBytes: results.replyBytes,
                consumerContextSwitches: switches, machineCPU: machine)
        }
        say(report.printed())
    }

    static func closedLoop(_ driver: LoadDriver, factory: CommandFactory, commands: Int, inFlight: Int) async throws {
        var sent = 0
        while sent < commands {
            await driver.waitUntilOutstanding(below: inFlight)
            let room = min(inFlight - driver.outstanding, commands - sent, 512)
            guard room > 0 else { continue }
            let now = ContinuousClock.now
            try driver.send((sent..<(sent + room)).map { index in
                let (envelope, route) = factory.purchase(index)
                return LoadDriver.Command(envelope: envelope, route: route, scheduled: now)
            })
            sent += room
        }
    }

    static func openLoop(_ driver: LoadDriver, factory: CommandFactory, commands: Int, rate: Int) async throws {
        let start = ContinuousClock.now
        let interval = Duration.seconds(1) / rate
        var sent = 0
        while sent < commands {
            let elapsed = ContinuousClock.now - start
            let due = min(commands, Int(elapsed / interval) + 1)
            if due > sent {
                try driver.send((sent..<due).map { index in
                    let (envelope, route) = factory.purchase(index)
                    return LoadDriver.Command(envelope: envelope, route: route, scheduled: start + interval * index)
                })
                sent = due
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
