import Foundation

/// CPU time and memory of another process, from `/proc` (Linux).
struct ProcessProbe {
    let pid: Int32

    /// The fields of `/proc/PID/stat` after the command name, from the state (field 3) on; nil
    /// when the process has no `/proc` entry.
    private func statFields() -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// User + system CPU time consumed so far.
    func cpuTime() -> Duration? {
        // utime and stime are fields 14 and 15.
        guard let fields = statFields(), fields.count > 13, let user = Int64(fields[11]), let system = Int64(fields[12])
        else { return nil }
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        return .milliseconds((user + system) * 1000 / Int64(ticks > 0 ? ticks : 100))
    }

    /// User + system CPU time this process (the load tool) consumed so far, all threads.
    static func ownCPUTime() -> Duration {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func duration(_ time: timeval) -> Duration { .seconds(time.tv_sec) + .microseconds(time.tv_usec) }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }

    /// Whether the process is gone: no `/proc` entry, or a zombie its parent has not reaped yet
    /// (a consumer that crashed under a script still waiting for this tool).
    var hasExited: Bool {
        guard let state = statFields()?.first else { return true }
        return state == "Z" || state == "X"
    }

    /// Ends this tool with exit status 3 and a line on standard error once the process is gone:
    /// its replies will never come, and a closed loop would wait for them for ever
    /// (``LoadDriver/withDriver(_:_:)`` runs it for every subcommand given `--probe-pid`). Cancel
    /// the returned task when the measurement is over.
    func exitWhenGone(checkingEvery interval: Duration = .milliseconds(250)) -> Task<Void, Never> {
        Task.detached { [self] in
            while !Task.isCancelled {
                if hasExited {
                    FileHandle.standardError.write(Data(
                        "subscriptions-load: the process \(pid) of --probe-pid exited; its figures would mean nothing\n".utf8))
                    exit(3)
                }
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Resident memory now (`VmRSS`) and the peak since the process started (`VmHWM`), in bytes.
    func memory() -> (resident: Int64, peak: Int64)? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let resident = Self.number("VmRSS:", in: status), let peak = Self.number("VmHWM:", in: status)
        else { return nil }
        return (resident * 1024, peak * 1024)
    }

    /// The number after `key` in a `/proc` status file (`VmRSS:\t  1234 kB`, `voluntary_ctxt_switches:\t56`).
    private static func number(_ key: String, in status: String) -> Int64? {
        status.split(separator: "\n").first { $0.hasPrefix(key) }
            .flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first }
            .flatMap { Int64($0) }
    }

    /// Voluntary context switches of each thread so far (`/proc/PID/task/TID/status`; the
    /// process's own status counts its main thread only), by thread id.
    func voluntaryContextSwitches() -> [Int32: Int64]? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var switches: [Int32: Int64] = [:]
        for task in tasks {
            guard let tid = Int32(task),
                  let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
                  let count = Self.number("voluntary_ctxt_switches:", in: status)
            else { continue }
            switches[tid] = count
        }
        return switches
    }

    /// The voluntary context switches between two readings of ``voluntaryContextSwitches()``:
    /// a thread that started in between counts from zero, one that ended in between is lost (so
    /// this is at least the true count).
    static func switches(from before: [Int32: Int64], to after: [Int32: Int64]) -> Int64 {
        after.reduce(0) { total, thread in total + max(0, thread.value - (before[thread.key] ?? 0)) }
    }
}
