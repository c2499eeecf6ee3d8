import Foundation
import SubscriptionMessages
import Synchronization

/// The faults of a chaos run, at moments drawn from the seed, one at a time; after each, the
/// time until the system answers a probe end to end again ("time to recover").
struct ChaosFaults: Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case consumerKilled = "consumer SIGKILL"
        case producerKilled = "producer SIGKILL + restart"
        case brokerRestarted = "broker node restart"
        case diskFull = "consumer disk full, then freed"
    }

    struct Record: Sendable {
        var kind: Kind
        var atCommand: Int
        var recovery: Duration
        var note: String
    }

    /// The schedule: `perKind` faults of each kind at completed-command counts in 10…90 % of the run.
    static func schedule(seed: UInt64, commands: Int, perKind: Int) -> [(at: Int, kind: Kind)] {
        var random = SplitMix64(seed: seed ^ 0xFA17)
        var plan: [(at: Int, kind: Kind)] = []
        for kind in Kind.allCases {
            for _ in 0..<perKind {
                plan.append((commands / 10 + Int(random.next() % UInt64(max(1, commands * 8 / 10))), kind))
            }
        }
        return plan.sorted { $0.at < $1.at }
    }

    let services: ChaosServices
    let driver: LoadDriver
    let http: ChaosHTTP
    let stats: ChaosStats
    let diskFullFor: Duration

    func inject(_ kind: Kind, atCommand: Int, probeNumber: Int) async throws -> Record {
        let started = ContinuousClock.now
        var note = ""
        switch kind {
        case .consumerKilled:
            try services.crashConsumer()
            await probeAMQP(probeNumber)
        case .producerKilled:
            try services.crashProducer()
            await probeHTTP(probeNumber)
        case .brokerRestarted:
            try await Self.onThread { try services.restartBroker() }
            note = "node back after \(Self.seconds(ContinuousClock.now - started)) s"
            await probeAMQP(probeNumber)
            await probeHTTP(probeNumber)
        case .diskFull:
            let log = services.consumerLog
            let offset = log.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int } ?? 0
            let written = await Self.onThreadValue { services.fillDisk() }
            // Full until the consumer has had commits refused for a few seconds (SQLite reuses
            // its files' free space first), at most diskFullFor.
            var refusedSince: ContinuousClock.Instant?
            while ContinuousClock.now - started < diskFullFor {
                if refusedSince == nil, let log, Self.contains(log, from: offset, "the database cannot be written") {
                    refusedSince = .now
                }
                if let refusedSince, ContinuousClock.now - refusedSince >= .seconds(3) { break }
                try? await Task.sleep(for: .milliseconds(200))
            }
            services.freeDisk()
            let freed = ContinuousClock.now
            await probeAMQP(probeNumber)
            let refused = refusedSince.map {
                "commits refused from \(Self.seconds($0 - started)) s on, for \(Self.seconds(freed - $0)) s"
            } ?? "no commit refused (SQLite still had free space in its files)"
            note = "full for \(Self.seconds(freed - started)) s (\(written / 1_048_576) MiB filler), \(refused); "
                + "recovered \(Self.seconds(ContinuousClock.now - freed)) s after freeing"
        }
        return Record(kind: kind, atCommand: atCommand, recovery: ContinuousClock.now - started, note: note)
    }

    /// A status read through AMQP, sent again (same command id) until the consumer answers.
    func probeAMQP(_ number: Int) async {
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = UUID().uuidString.lowercased()
        envelope.schemaVersion = WireContract.schemaVersion
        envelope.command = .getAllSubscriptionStatuses(.with { $0.transactionID = "probe-\(number)" })
        while true {
            let command = LoadDriver.Command(envelope: envelope, route: .getAllSubscriptionStatuses, scheduled: .now)
            if (try? await driver.ask(command, timeout: .seconds(1))) ?? nil != nil {
                stats.probe(commandId: envelope.commandID)
                return
            }
        }
    }

    /// A status read through the producer's HTTP API, with an idempotency key, until answered.
    func probeHTTP(_ number: Int) async {
        let key = UUID().uuidString.lowercased()
        while true {
            if case .answered(_, let commandId, _) = await http.send("GET", "inApps/v1/subscriptions/probe-http-\(number)", key: key, deadlineMilliseconds: 2000) {
                stats.probe(commandId: commandId)
                return
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Whether the file at `path` holds `text` after its first `offset` bytes.
    static func contains(_ path: String, from offset: Int, _ text: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(offset))) != nil, let data = try? handle.readToEnd() else { return false }
        return String(decoding: data, as: UTF8.self).contains(text)
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// Runs blocking work (a script that waits for the broker) on a thread of its own, not on
    /// the cooperative pool.
    static func onThread(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread {
                do {
                    try work()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }

    static func onThreadValue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}
