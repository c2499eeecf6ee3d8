import SubscriptionMessages

/// The figures of a performance test (Apple's `PerformanceTestResultResponse`): a request
/// succeeds when the endpoint answered 200…206 within the response-time threshold; a slower
/// answer counts as `TIMED_OUT`, a failed one under its `SendAttemptResult`. Percentiles are
/// nearest-rank over every answered request's latency, in milliseconds.
struct PerformanceMeasure {
    let total: Int
    let threshold: Duration
    private(set) var latencies: [Int64] = []
    private(set) var successes = 0
    private(set) var failures: [String: Int32] = [:]

    init(total: Int, threshold: Duration) {
        self.total = total
        self.threshold = threshold
    }

    mutating func record(_ answer: RealtimeAnswer) {
        latencies.append(answer.latency.milliseconds)
        if answer.result != "SUCCESS" {
            failures[answer.result, default: 0] += 1
        } else if answer.latency > threshold {
            failures["TIMED_OUT", default: 0] += 1
        } else {
            successes += 1
        }
    }

    /// The result: PASS when the success rate (of every request the test was to send; those
    /// not sent by the end count as failed) reaches `successRateThreshold` percent.
    func result(config: Subscriptions_V1_PerformanceTestConfig, successRateThreshold: Int) -> Subscriptions_V1_PerformanceTestResult {
        var result = Subscriptions_V1_PerformanceTestResult()
        result.config = config
        let rate = total == 0 ? 0 : successes * 100 / total
        result.successRate = Int32(rate)
        result.numPending = Int32(total - latencies.count)
        result.result = total > 0 && rate >= successRateThreshold ? .pass : .fail
        let sorted = latencies.sorted()
        result.average = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Int64(sorted.count)
        result.p50 = Self.percentile(50, of: sorted)
        result.p90 = Self.percentile(90, of: sorted)
        result.p95 = Self.percentile(95, of: sorted)
        result.p99 = Self.percentile(99, of: sorted)
        var notSent = failures
        if latencies.count < total { notSent["TIMED_OUT", default: 0] += Int32(total - latencies.count) }
        result.failures = notSent.sorted { $0.key < $1.key }.map { name, count in
            .with {
                $0.sendAttemptResult = name
                $0.count = count
            }
        }
        return result
    }

    /// The nearest-rank percentile of ascending `values`; 0 for none.
    static func percentile(_ rank: Int, of values: [Int64]) -> Int64 {
        guard !values.isEmpty else { return 0 }
        let index = Int((Double(rank) / 100 * Double(values.count)).rounded(.up)) - 1
        return values[min(max(index, 0), values.count - 1)]
    }
}
