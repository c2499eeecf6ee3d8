import Foundation

/// The CPU every process of a run spent on it: the consumer (or relay), the broker and this load
/// tool. On a machine they share, their sum per command bounds the throughput the cores allow
/// at those costs, whatever any one of them does (docs/benchmarks.md, "The machine's budget").
struct MachineCPU {
    var consumer: Duration
    var broker: Duration
    var loadTool: Duration
    /// The producer's, for the front door's rows (`subscriptions-load front`).
    var producer: Duration?

    var total: Duration { consumer + broker + loadTool + (producer ?? .zero) }

    /// The lines of a report over `commands` units of work (`unit`: command or request), on a
    /// machine of `cores` cores.
    func lines(commands: Int, cores: Int, unit: String = "command") -> [String] {
        guard commands > 0 else { return [] }
        func perCommand(_ duration: Duration) -> Double {
            LatencyReport.milliseconds(duration) * 1000 / Double(commands)
        }
        let total = perCommand(total)
        var lines: [String] = []
        if let producer {
            lines.append(String(format: "  producer CPU: %.0f µs per \(unit)", perCommand(producer)))
        }
        let processes = producer == nil ? "consumer + broker + load tool" : "producer + consumer + broker + load tool"
        return lines + [
            String(format: "  broker CPU: %.0f µs per \(unit); load tool CPU: %.0f µs per \(unit)", perCommand(broker), perCommand(loadTool)),
            String(format: "  machine CPU: %.0f µs per \(unit) (\(processes)); %d cores allow at most %.0f \(unit)s/s at these costs",
                total, cores, total > 0 ? Double(cores) * 1_000_000 / total : 0),
        ]
    }
}
