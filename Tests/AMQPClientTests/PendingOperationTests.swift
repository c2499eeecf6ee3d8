import Testing

@testable import AMQPClient

@Suite("Pending operation")
struct PendingOperationTests {
    @Test("ends once: the first result wins, later ones are dropped")
    func firstResultWins() async {
        let operation = PendingOperation()
        operation(.failure(AMQPError(.timeout, "first")))
        operation(.success(()))
        #expect(operation.isFinished)
        let result = await operation.wait()
        #expect(throws: AMQPError(.timeout, "first")) { try result.get() }
    }

    @Test("a publish ended before the thread claims it is never sent; once claimed, its end says it was sent")
    func claimForSending() async {
        let unsent = PendingOperation()
        unsent.finish { sent in .failure(AMQPError(.cancelled, sent ? "sent" : "not sent")) }
        #expect(!unsent.claimForSending())
        let unsentResult = await unsent.wait()
        #expect(throws: AMQPError(.cancelled, "not sent")) { try unsentResult.get() }

        let sent = PendingOperation()
        #expect(sent.claimForSending())
        sent.finish { sent in .failure(AMQPError(.timeout, sent ? "sent" : "not sent")) }
        let result = await sent.wait()
        #expect(throws: AMQPError(.timeout, "sent")) { try result.get() }
    }

    @Test("a deadline ends the wait with the timeout error, whatever the thread does later")
    func deadline() async {
        let operation = PendingOperation()
        let started = ContinuousClock.now
        let result = await operation.wait(
            deadline: .now + .milliseconds(200),
            timeout: { _ in AMQPError(.timeout, "late") },
            cancelled: { _ in AMQPError(.cancelled, "cancelled") })
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        #expect(throws: AMQPError(.timeout, "late")) { try result.get() }
        operation(.success(()))  // the thread's late answer is dropped
    }

    @Test("cancelling the waiting task ends the wait with the cancellation error at once")
    func cancellation() async {
        let operation = PendingOperation()
        let task = Task {
            await operation.wait(
                deadline: .now + .seconds(60),
                timeout: { _ in AMQPError(.timeout, "late") },
                cancelled: { _ in AMQPError(.cancelled, "cancelled") })
        }
        try? await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let result = await task.value
        #expect(throws: AMQPError(.cancelled, "cancelled")) { try result.get() }
    }

    @Test("a result that arrives before anyone waits is kept for the waiter")
    func resultBeforeWait() async throws {
        let operation = PendingOperation()
        operation(.success(()))
        try await operation.wait().get()
    }
}
