import Foundation

/// The CPU every process of a run spent on it: the consumer (or relay), the broker and this load
/// tool. On a machine they share, their sum per command bounds the throughput the cores allow
/// at those costs, whatever any one of them does (docs/benchmarks.md, "The machine's budget").
struct MachineCPU {
    var consumer: Duration
    var broker: Duration
    var loadTool: Duration

    var total: Duration { consumer + broker + loadTool }

    /// The lines of a report over `commands` commands, on a machine of `cores` cores.
    func lines(commands: Int, cores: Int) -> [String] {
        guard commands > 0 else { return [] }
        func perCommand(_ duration: Duration) -> Double {
            LatencyReport.milliseconds(duration) * 1000 / Double(commands)
        }
        let total = perCommand(total)
        return [
            String(format: "  broker CPU: %.0f µs per command; load tool CPU: %.0f µs per command", perCommand(broker), perCommand(loadTool)),
            String(format: "  machine CPU: %.0f µs per command (consumer + broker + load tool); %d cores allow at most %.0f commands/s at these costs",
                total, cores, total > 0 ? Double(cores) * 1_000_000 / total : 0),
        ]
    }
}
