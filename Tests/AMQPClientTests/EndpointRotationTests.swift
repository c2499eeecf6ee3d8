import Testing

@testable import AMQPClient

@Suite("Endpoint rotation")
struct EndpointRotationTests {
    private static func rotation(count: Int) -> EndpointRotation {
        EndpointRotation(count: count, backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .milliseconds(400)))
    }

    @Test("failed attempts go round the endpoints, the next at once; the backoff applies after each full round")
    func failedAttempts() {
        var rotation = Self.rotation(count: 3)
        #expect(rotation.index == 0)
        var steps: [(Int, Duration)] = []
        for _ in 0..<7 {
            let delay = rotation.attemptFailed()
            steps.append((rotation.index, delay))
        }
        #expect(steps.map(\.0) == [1, 2, 0, 1, 2, 0, 1])
        #expect(steps.map(\.1) == [.zero, .zero, .milliseconds(100), .zero, .zero, .milliseconds(200), .zero])
    }

    @Test("one endpoint: every failure waits for the backoff, as before there were several")
    func oneEndpoint() {
        var rotation = Self.rotation(count: 1)
        let delays = (0..<4).map { _ in rotation.attemptFailed() }
        #expect(delays == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(400)])
        #expect(rotation.index == 0)
        #expect(rotation.connectionLost() == .milliseconds(400))
        #expect(rotation.index == 0)
    }

    @Test("a lost connection moves to the next endpoint after the backoff; a connection starts the backoff and the round over")
    func lostConnection() {
        var rotation = Self.rotation(count: 3)
        _ = rotation.attemptFailed()
        rotation.connected()
        #expect(rotation.index == 1 && rotation.failedInARow == 0)
        #expect(rotation.connectionLost() == .milliseconds(100))
        #expect(rotation.index == 2)
        // The round counts from the last connection: two more failures, then the backoff.
        #expect(rotation.attemptFailed() == .zero)
        #expect(rotation.attemptFailed() == .zero)
        #expect(rotation.attemptFailed() == .milliseconds(200))
        #expect(rotation.index == 2)
    }
}
