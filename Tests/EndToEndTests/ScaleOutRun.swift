import Foundation
import ServiceTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends the scale-out workload (`ScaleOutWorkload`) to one deployment's producer, as clients
/// that keep their idempotency key when they retry: no answer, 500, 502, 503 or 504 (the
/// deployment is losing a consumer or a broker node) is the same request again until it gets
/// an answer of its own. Records the final status of every key and the subscription of every
/// customer.
final class ScaleOutRun: Sendable {
    /// What a slice did.
    struct SliceFigures: Sendable {
        var slice: Int
        var requests: Int
        var seconds: Double
        var commandsPerSecond: Double { Double(requests) / max(seconds, 0.001) }
    }

    private let client: ProducerClient
    private let workers: Int
    private let statuses = Locked<[String: Int]>([:])
    private let bodies = Locked<[String: String]>([:])
    private let subscriptionIds = Locked<[String: String]>([:])
    private let retryCount = Locked(0)
    private let sent = Locked(0)
    private let longest = Locked<(duration: Duration, key: String)>((.zero, ""))

    /// How long a client keeps sending a request again while the deployment does not answer
    /// (no answer, 500, 502, 503, 504). A deployment losing a replica and a broker node on a
    /// loaded machine has been seen not to answer some requests for more than 90 s; the run
    /// reports its longest wait (``longestWait``).
    static let patience: Duration = .seconds(180)

    init(stack: Stack, workers: Int = 48) {
        let configuration = URLSessionConfiguration.default
        configuration.httpMaximumConnectionsPerHost = workers
        var client = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        client.session = URLSession(configuration: configuration)
        self.client = client
        self.workers = workers
    }

    /// The final HTTP status of every request, by key.
    var finalStatuses: [String: Int] { statuses.withLock { $0 } }
    /// The answer body of every request that did not end in 200, by key.
    var failedBodies: [String: String] { bodies.withLock { $0 } }
    /// The subscription of every customer, by customer id.
    var subscriptions: [String: String] { subscriptionIds.withLock { $0 } }
    /// How many requests were sent again after no answer or a 5xx.
    var retries: Int { retryCount.withLock { $0 } }
    /// The longest time one request took to get its final answer, retries included, and its key.
    var longestWait: (duration: Duration, key: String) { longest.withLock { $0 } }
    /// `duration` in seconds, for the printed figures.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// How many requests were sent (each key once, retries not counted).
    var requestCount: Int { sent.withLock { $0 } }

    /// Runs one slice: its clock, the purchases and four phases between clock advances, and a
    /// mass extension (`ScaleOutWorkload`). `progress` is called with the slice's answered requests.
    func run(_ slice: ScaleOutWorkload.Slice, progress: (@Sendable (Int) -> Void)? = nil) async throws -> SliceFigures {
        let start = ContinuousClock.now
        let before = requestCount
        let created = try await send(ScaleOutWorkload.createClock(slice))
        guard let clock = created.json["id"] as? String else { throw E2EError("no clock for slice \(slice.number): \(created)") }

        // Every command on the slice's clock: purchases attach their customer to it.
        let onClock = ["X-Test-Clock": clock]
        try await perCustomer(slice, progress: progress) { index in
            let purchase = try await self.send(ScaleOutWorkload.purchase(slice, index), headers: onClock)
            guard let id = purchase.json["originalTransactionId"] as? String else {
                throw E2EError("purchase \(index) of slice \(slice.number): \(purchase)")
            }
            self.subscriptionIds.withLock { $0[slice.customer(index)] = id }
            for request in ScaleOutWorkload.phaseA(slice, index, subscription: id) { try await self.send(request, headers: onClock) }
        }
        try await send(ScaleOutWorkload.advance(slice, clock: clock, by: "P5D", step: 1))
        try await perCustomer(slice, progress: progress) { index in
            for request in ScaleOutWorkload.phaseB(slice, index, subscription: try self.subscription(slice, index)) {
                try await self.send(request, headers: onClock)
            }
        }
        try await send(ScaleOutWorkload.advance(slice, clock: clock, by: "P1M", step: 2))
        try await perCustomer(slice, progress: progress) { index in
            for request in ScaleOutWorkload.phaseC(slice, index, subscription: try self.subscription(slice, index)) {
                try await self.send(request, headers: onClock)
            }
        }
        try await send(ScaleOutWorkload.massExtension(slice), headers: onClock)
        try await send(ScaleOutWorkload.advance(slice, clock: clock, by: "P1M", step: 3))
        try await perCustomer(slice, progress: progress) { index in
            for request in ScaleOutWorkload.phaseD(slice, index, subscription: try self.subscription(slice, index)) {
                try await self.send(request, headers: onClock)
            }
        }
        try await send(ScaleOutWorkload.advance(slice, clock: clock, by: "P2M", step: 4))
        let elapsed = ContinuousClock.now - start
        return SliceFigures(slice: slice.number, requests: requestCount - before, seconds: Self.seconds(elapsed))
    }

    private func subscription(_ slice: ScaleOutWorkload.Slice, _ index: Int) throws -> String {
        guard let id = subscriptionIds.withLock({ $0[slice.customer(index)] }) else {
            throw E2EError("no subscription for customer \(index) of slice \(slice.number)")
        }
        return id
    }

    /// Runs `body` for every customer of the slice, `workers` customers at a time.
    private func perCustomer(
        _ slice: ScaleOutWorkload.Slice, progress: (@Sendable (Int) -> Void)?, _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<min(workers, slice.customers) {
                group.addTask {
                    for index in stride(from: worker, to: slice.customers, by: self.workers) {
                        try await body(index)
                        progress?(self.requestCount)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Sends one request until it has an answer that is not a move of the deployment
    /// (``patience`` at most), and records its final status and how long it waited.
    @discardableResult
    private func send(_ request: ScaleOutWorkload.Request, headers extra: [String: String] = [:]) async throws -> ProducerClient.Response {
        sent.withLock { $0 += 1 }
        let json = try request.body.map { body in
            try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] ?? [:]
        }
        var headers = extra.merging(["Idempotency-Key": request.key, "X-Request-Timeout": "60000"]) { first, _ in first }
        if request.method == "GET" { headers["X-Request-Timeout"] = "30000" }
        let start = ContinuousClock.now
        let deadline = start + Self.patience
        while true {
            let response = try? await client.send(request.method, request.path, json: json, headers: headers, timeout: 65)
            if let response, ![500, 502, 503, 504].contains(response.status) {
                statuses.withLock { $0[request.key] = response.status }
                if response.status != 200 { bodies.withLock { $0[request.key] = response.body } }
                let waited = ContinuousClock.now - start
                longest.withLock { if waited > $0.duration { $0 = (waited, request.key) } }
                return response
            }
            guard ContinuousClock.now < deadline else {
                statuses.withLock { $0[request.key] = response?.status ?? 0 }
                bodies.withLock { $0[request.key] = response?.body ?? "no answer in \(Self.patience)" }
                throw E2EError(
                    "\(request.method) \(request.path) (\(request.key)): no answer in \(Self.patience), last \(response.map(\.description) ?? "none")")
            }
            retryCount.withLock { $0 += 1 }
            try await Task.sleep(for: .milliseconds(250))
        }
    }
}
