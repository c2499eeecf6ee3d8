import Foundation
import MallocInterposerSwift

/// Runs one stage many times and reports operations per second and heap allocations per
/// operation (counted by ordo-one's malloc interposer when the process runs with it preloaded;
/// `scripts/benchmark.sh` does that).
struct StageMeasurement {
    var name: String
    var operationsPerSecond: Double
    var allocationsPerOperation: Double?

    /// Times `rounds` rounds of `operations` calls each after a warm-up round, and keeps the
    /// best round (the least disturbed by the rest of a shared machine).
    static func measure(
        _ name: String, operations: Int, rounds: Int = 5, allocations: Bool,
        _ body: (Int) throws -> Void
    ) rethrows -> StageMeasurement {
        for index in 0..<min(operations, 1000) { try body(index) }
        var best = Duration.seconds(1_000_000)
        for round in 0..<rounds {
            let start = ContinuousClock.now
            for index in 0..<operations { try body((round + 1) * operations + index) }
            best = min(best, ContinuousClock.now - start)
        }
        var perOperation: Double?
        if allocations {
            MallocInterposerSwift.reset()
            MallocInterposerSwift.hook()
            for index in 0..<operations { try body((rounds + 2) * operations + index) }
            MallocInterposerSwift.unhook()
            perOperation = Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(operations)
        }
        return StageMeasurement(name: name, operations: operations, in: best, allocationsPerOperation: perOperation)
    }

    var line: String {
        let allocations = allocationsPerOperation.map { String(format: "%10.1f", $0) } ?? "         -"
        return "\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(String(format: "%12.0f", operationsPerSecond)) \(allocations)"
    }
}

extension StageMeasurement {
    /// `operations` done in `elapsed`.
    init(name: String, operations: Int, in elapsed: Duration, allocationsPerOperation: Double? = nil) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        self.init(name: name, operationsPerSecond: Double(operations) / seconds, allocationsPerOperation: allocationsPerOperation)
    }
}
