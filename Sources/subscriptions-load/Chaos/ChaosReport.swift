import Foundation

/// The table a chaos run ends with (docs/reliability.md shows one).
struct ChaosReport {
    var seed: UInt64
    var counts: ChaosStats.Counts
    var store: ChaosAudit.Store
    var findings: ChaosAudit.Findings
    var faults: [ChaosFaults.Record]
    var elapsed: Duration

    /// Writes the table to standard output.
    func write() {
        var lines: [String] = []
        func row(_ name: String, _ value: String) {
            lines.append("  " + name.padding(toLength: 54, withPad: " ", startingAt: 0) + value)
        }
        lines.append("")
        lines.append("chaos run: seed \(seed), \(ChaosFaults.seconds(elapsed)) s")
        row("commands sent", "\(counts.sent) (HTTP \(counts.viaHTTP), AMQP \(counts.viaAMQP)) + \(counts.probes) probes")
        row("replies OK", "\(counts.repliesOK)")
        row("replies errored (the engine refused)", "\(counts.repliesErrored)")
        row("attempts timed out (retried, same id)", "\(counts.attemptsTimedOut)")
        row("attempts unavailable (retried, same id)", "\(counts.attemptsUnavailable)")
        row("LOST: commands without a final reply", "\(findings.commandsWithoutFinalReply)")
        row("LOST: answered, no processed record", "\(findings.answeredButNotRecorded)")
        row("TWICE: processed, never sent or answered", "\(findings.recordedButNeverAnswered)")
        row("processed records in the store", "\(store.processedIds.count) (= commands + probes: \(store.processedIds.count == counts.commandIds.count ? "yes" : "NO"))")
        row("LOST / TWICE: purchases (subscriptions/customer)", "\(findings.purchasesLost) / \(findings.purchasesAppliedTwice)")
        row("subscriptions / transactions", "\(store.sequences.count) / \(store.transactions) (history rows consistent: \(findings.historyInconsistent == 0 ? "yes" : "NO, off by \(findings.historyInconsistent)"))")
        row("events expected (store) / received distinct", "\(findings.eventsExpected) / \(findings.eventsReceivedDistinct)")
        row("LOST: events missing (sequence gaps)", "\(findings.eventsMissing) in \(findings.subscriptionsWithGaps) subscriptions")
        row("TWICE: events beyond the store's sequence", "\(findings.eventsBeyondStore)")
        row("TWICE: one sequence, different message_ids", "\(findings.sequenceDivergent)")
        row("duplicates (same message_id, allowed)", "\(findings.duplicateDeliveries)")
        row("undecodable events", "\(findings.undecodable)")
        lines.append("  per command kind (OK / errored):")
        for (kind, count) in counts.byKind.sorted(by: { $0.key < $1.key }) {
            let sample = counts.errorSamples[kind].map { "   e.g. \($0.prefix(110))" } ?? ""
            row("    \(kind)", "\(count.ok) / \(count.errored)\(sample)")
        }
        lines.append("  faults (time to recover = from the fault until a probe is answered end to end):")
        for fault in faults {
            row("    \(fault.kind.rawValue) at command \(fault.atCommand)", "\(ChaosFaults.seconds(fault.recovery)) s  \(fault.note)")
        }
        let verdict = findings.lostOrTwice == 0
            ? "PASS: nothing lost, nothing applied twice"
            : "FAIL: \(findings.lostOrTwice) lost or applied twice"
        lines.append("chaos: \(verdict)")
        say(lines.joined(separator: "\n"))
    }
}
