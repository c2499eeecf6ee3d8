import ArgumentParser
import Foundation
import Synchronization

/// `subscriptions-load front`: the producer's front doors, HTTP or gRPC, as calling services use
/// them: closed loop over `--connections` keep-alive connections (each one request at a time),
/// or an offered `--rate` spread over them (open loop: latency counts from when each request was
/// due). Prints the block of `run` with the producer's CPU per request beside the consumer's,
/// the broker's and this tool's (docs/benchmarks.md, "The front door").
struct FrontDoorLoad: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "front",
        abstract: "Send requests to the producer over HTTP or gRPC and print throughput, latency and every process's CPU per request.",
        discussion: """
            Examples:
              subscriptions-load front --port 8080 --token $TOKEN --connections 64 --requests 20000
              subscriptions-load front --protocol grpc --port 9090 --token $TOKEN --rate 1000 --requests 20000
              subscriptions-load front --port 8080 --token $TOKEN --workload mixed --connections 64
            """
    )

    enum Door: String, ExpressibleByArgument {
        case http, grpc
    }

    @Option(help: "http (the HTTP API) or grpc (subscriptions.v1.SubscriptionCommands).") var `protocol` = Door.http
    @Option(help: "The producer's HTTP port, or its GRPC_PORT with --protocol grpc.") var port: Int
    @Option(help: "A bearer token of an operator key (subscriptionsctl token).") var token: String
    @Option(help: "purchase, read (status reads of subscriptions bought first) or mixed.") var workload = FrontDoorWorkload.purchase
    @Option(help: "Requests to measure.") var requests = 5000
    @Option(help: "Keep-alive connections (HTTP) or HTTP/2 connections (gRPC), one request at a time each.") var connections = 64
    @Option(help: "Requests per second to offer (open loop over the connections); default: closed loop.") var rate: Int?
    @Option(help: "Subscriptions to buy before a read or mixed run (not measured).") var seed = 500
    @Option(help: "Product to buy (from the catalog).") var product = "news.basic.monthly"
    @Option(help: "Process id of the producer, whose CPU per request to report.") var producerPid: Int32?
    @Option(help: "Process id of the consumer, whose CPU per request to report.") var probePid: Int32?
    @Option(help: "Process id of the broker (beam.smp), whose CPU per request to report.") var brokerPid: Int32?
    @Option(help: "A label for the printed block.") var label: String?

    func run() async throws {
        let requests = FrontDoorRequests(workload: workload, product: product)
        let connections = try await openConnections()
        if workload != .purchase {
            try await Self.closedLoop(
                connections, count: seed, make: { requests.purchase($0, label: "seed") },
                record: { answer, _ in if let original = answer?.originalTransactionId { requests.bought(original) } })
            guard requests.boughtCount > 0 else { throw FrontDoorLoadError("no purchase of the seed succeeded") }
        }
        let probes = (
            producer: producerPid.map(ProcessProbe.init), consumer: probePid.map(ProcessProbe.init),
            broker: brokerPid.map(ProcessProbe.init))
        let before = (
            producer: probes.producer?.cpuTime(), consumer: probes.consumer?.cpuTime(), broker: probes.broker?.cpuTime(),
            tool: ProcessProbe.ownCPUTime())
        let results = Results()
        let started = ContinuousClock.now
        let record: @Sendable (FrontDoorAnswer?, Duration) -> Void = { answer, latency in
            results.record(answer, latency: latency)
            if let original = answer?.originalTransactionId, requests.workload != .purchase { requests.bought(original) }
        }
        if let rate {
            try await Self.openLoop(connections, count: self.requests, rate: rate, make: { requests.request($0) }, record: record)
        } else {
            try await Self.closedLoop(connections, count: self.requests, make: { requests.request($0) }, record: record)
        }
        let elapsed = ContinuousClock.now - started
        func spent(_ probe: ProcessProbe?, _ before: Duration?) -> Duration? {
            guard let now = probe?.cpuTime(), let before else { return nil }
            return now - before
        }
        let (latencies, failures, bytes) = results.taken
        var report = LatencyReport(
            label: label ?? "\(self.protocol.rawValue) \(workload.rawValue), "
                + (rate.map { "offered \($0) requests/s over \(connections.count) connections" } ?? "\(connections.count) connections"),
            latencies: latencies, failures: failures, elapsed: elapsed,
            consumerCPU: spent(probes.consumer, before.consumer), consumerPeakMemory: nil, replyBytes: bytes)
        report.unit = "requests"
        report.machineCPU = MachineCPU(
            consumer: spent(probes.consumer, before.consumer) ?? .zero, broker: spent(probes.broker, before.broker) ?? .zero,
            loadTool: ProcessProbe.ownCPUTime() - before.tool, producer: spent(probes.producer, before.producer))
        say(report.printed())
        for connection in connections { await connection.close() }
    }

    private func openConnections() async throws -> [any FrontDoorConnection] {
        var opened: [any FrontDoorConnection] = []
        for _ in 0..<max(1, connections) {
            switch self.protocol {
            case .http: opened.append(try await HTTPLoadConnection.connect(port: port, token: token))
            case .grpc: opened.append(try GRPCLoadConnection(port: port, token: token))
            }
        }
        return opened
    }

    /// Every connection sends its next request as soon as its last one is answered.
    static func closedLoop(
        _ connections: [any FrontDoorConnection], count: Int, make: @escaping @Sendable (Int) -> FrontDoorRequest,
        record: @escaping @Sendable (FrontDoorAnswer?, Duration) -> Void
    ) async throws {
        let next = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for connection in connections {
                group.addTask {
                    while true {
                        let index = next.take()
                        guard index < count else { return }
                        let start = ContinuousClock.now
                        let answer = try? await connection.send(make(index))
                        record(answer, ContinuousClock.now - start)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Requests fall due at `rate` per second, request `i` on connection `i % connections`,
    /// which sends it when it is due or, when it is still busy with an earlier one, as soon as it
    /// is free. Latency counts from when the request was due, so a producer that falls behind
    /// shows it (no coordinated omission).
    static func openLoop(
        _ connections: [any FrontDoorConnection], count: Int, rate: Int, make: @escaping @Sendable (Int) -> FrontDoorRequest,
        record: @escaping @Sendable (FrontDoorAnswer?, Duration) -> Void
    ) async throws {
        let start = ContinuousClock.now + .milliseconds(10)
        let interval = Duration.seconds(1) / rate
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (offset, connection) in connections.enumerated() {
                group.addTask {
                    for index in stride(from: offset, to: count, by: connections.count) {
                        let due = start + interval * index
                        if due > .now { try await Task.sleep(until: due) }
                        let answer = try? await connection.send(make(index))
                        record(answer, ContinuousClock.now - due)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// The next request's index, shared by the connections' tasks.
    final class Counter: Sendable {
        private let value = Atomic<Int>(0)

        func take() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
    }

    /// Latencies, failures and answer sizes, from every connection's task.
    final class Results: Sendable {
        private let state = Mutex<(latencies: [Duration], failures: Int, bytes: Int)>(([], 0, 0))

        func record(_ answer: FrontDoorAnswer?, latency: Duration) {
            state.withLock { state in
                if let answer, answer.ok {
                    state.latencies.append(latency)
                    state.bytes += answer.bytes
                } else {
                    state.failures += 1
                }
            }
        }

        var taken: (latencies: [Duration], failures: Int, bytes: Int) { state.withLock { $0 } }
    }
}
