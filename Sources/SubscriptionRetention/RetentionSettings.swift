/// How retention messaging runs in the consumer (docs/retention-messaging.md, "Configuration").
public struct RetentionSettings: Sendable, Hashable {
    /// How long the app's Get Retention Message endpoint has to answer (`RETENTION_TIMEOUT`):
    /// Apple's limit is about 700 ms. Also the performance test's `responseTimeThreshold`.
    public var timeout: Duration
    /// Signed requests a performance test sends (`RETENTION_PERFORMANCE_TEST_REQUESTS`).
    public var performanceTestRequests: Int
    /// Requests of a performance test in flight at once.
    public var performanceTestConcurrency: Int
    /// The performance test's `totalDuration`: requests not answered by then count as timed out.
    public var performanceTestDuration: Duration
    /// The least success rate, in percent, that passes a performance test.
    public var performanceTestSuccessRate: Int
    /// Images an app may upload.
    public var imageLimit: Int
    /// Messages an app may upload.
    public var messageLimit: Int

    /// Settings; the defaults are Apple's time limit and ours for the rest.
    public init(
        timeout: Duration = .milliseconds(700), performanceTestRequests: Int = 100, performanceTestConcurrency: Int = 10,
        performanceTestDuration: Duration = .seconds(60), performanceTestSuccessRate: Int = 90, imageLimit: Int = 100,
        messageLimit: Int = 100
    ) {
        self.timeout = timeout
        self.performanceTestRequests = performanceTestRequests
        self.performanceTestConcurrency = performanceTestConcurrency
        self.performanceTestDuration = performanceTestDuration
        self.performanceTestSuccessRate = performanceTestSuccessRate
        self.imageLimit = imageLimit
        self.messageLimit = messageLimit
    }
}
