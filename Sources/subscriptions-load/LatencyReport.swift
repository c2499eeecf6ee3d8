import Foundation

/// What one load run measured, printed in one block that docs/benchmarks.md quotes.
struct LatencyReport {
    var label: String
    var latencies: [Duration]
    var failures: Int
    var elapsed: Duration
    var consumerCPU: Duration?
    var consumerPeakMemory: Int64?
    var replyBytes = 0
    /// The consumer's voluntary context switches during the run, summed over its threads.
    var consumerContextSwitches: Int64?
    /// The consumer's, the broker's and this tool's CPU during the run (given `--broker-pid`),
    /// and the producer's for the front door's rows.
    var machineCPU: MachineCPU?
    /// What one unit of work is called in the block: commands (the bus), requests (the front door).
    var unit = "commands"

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    var throughput: Double {
        let seconds = Self.milliseconds(elapsed) / 1000
        return seconds > 0 ? Double(latencies.count) / seconds : 0
    }

    func printed() -> String {
        let sorted = latencies.map(Self.milliseconds).sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
        var lines = [
            "\(label): \(latencies.count) \(unit), \(failures) not OK",
            String(format: "  elapsed %.2f s, throughput %.0f \(unit)/s", Self.milliseconds(elapsed) / 1000, throughput),
            String(format: "  reply latency ms: p50 %.1f  p90 %.1f  p99 %.1f  max %.1f",
                percentile(0.5), percentile(0.9), percentile(0.99), sorted.last ?? 0),
        ]
        if !latencies.isEmpty, replyBytes > 0 {
            lines.append("  reply size: \(replyBytes / latencies.count) bytes on average")
        }
        if let consumerCPU, !latencies.isEmpty {
            lines.append(String(
                format: "  consumer CPU: %.0f µs per \(unit.dropLast())", Self.milliseconds(consumerCPU) * 1000 / Double(latencies.count)))
        }
        if let consumerContextSwitches, !latencies.isEmpty {
            lines.append(String(format: "  consumer context switches: %.1f per command (voluntary, summed over its threads)",
                Double(consumerContextSwitches) / Double(latencies.count)))
        }
        if let machineCPU {
            lines += machineCPU.lines(commands: latencies.count, cores: ProcessInfo.processInfo.activeProcessorCount, unit: String(unit.dropLast()))
        }
        if let consumerPeakMemory {
            lines.append(String(format: "  consumer peak RSS: %.1f MiB", Double(consumerPeakMemory) / 1_048_576))
        }
        return lines.joined(separator: "\n")
    }
}
