import Foundation
import Hummingbird
import ServiceTestSupport
import SubscriptionNotifier
import Synchronization
import Testing

/// The notifier's HTTP sender (AsyncHTTPClient) against a real loopback receiver: Apple's
/// results for an acknowledged, a refused, a slow and an unreachable receiver.
@Suite("Notification sender")
struct HTTPClientSenderTests {
    /// The bodies the receiver got.
    final class Received: Sendable {
        let bodies = Mutex<[String]>([])
    }

    /// Runs `test` with a receiver on a loopback port: `/ok` answers 200 (and records the body),
    /// `/refuse` 500, `/slow` 200 after 3 s.
    func withReceiver(_ test: @Sendable (URL, Received) async throws -> Void) async throws {
        let received = Received()
        let router = Router()
        router.post("ok") { request, _ -> HTTPResponse.Status in
            let body = try await request.body.collect(upTo: 1 << 20)
            received.bodies.withLock { $0.append(String(buffer: body)) }
            return .ok
        }
        router.post("refuse") { _, _ -> HTTPResponse.Status in .internalServerError }
        router.post("slow") { _, _ -> HTTPResponse.Status in
            try await Task.sleep(for: .seconds(3))
            return .ok
        }
        let port = Port()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in port.value.withLock { $0 = channel.localAddress?.port ?? 0 } })
        let server = Task { try await app.runService(gracefulShutdownSignals: []) }
        defer { server.cancel() }
        let deadline = ContinuousClock.now + .seconds(20)
        while port.value.withLock({ $0 }) == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let base = try #require(URL(string: "http://127.0.0.1:\(port.value.withLock { $0 })/"))
        try await test(base, received)
    }

    /// The port the receiver listens on, once it does.
    final class Port: Sendable {
        let value = Mutex(0)
    }

    @Test("2xx is SUCCESS with the body received, 500 an unsuccessful status, a slow receiver TIMED_OUT within the timeout")
    func outcomes() async throws {
        try await withReceiver { base, received in
            let sender = HTTPClientSender()
            let body = Data(#"{"signedPayload":"a.b.c"}"#.utf8)
            for _ in 0..<3 {
                let ok = await sender.send(body, to: base.appending(path: "ok"), timeout: .seconds(5))
                #expect(ok == SendOutcome(result: "SUCCESS", httpStatus: 200))
            }
            #expect(received.bodies.withLock { $0 } == Array(repeating: #"{"signedPayload":"a.b.c"}"#, count: 3))
            let refused = await sender.send(body, to: base.appending(path: "refuse"), timeout: .seconds(5))
            #expect(refused == SendOutcome(result: "UNSUCCESSFUL_HTTP_RESPONSE_CODE", httpStatus: 500))
            let started = ContinuousClock.now
            let slow = await sender.send(body, to: base.appending(path: "slow"), timeout: .milliseconds(300))
            #expect(slow == SendOutcome(result: "TIMED_OUT", httpStatus: nil))
            #expect(ContinuousClock.now - started < .seconds(2), "the timeout, not the receiver, ended the attempt")
        }
    }

    @Test("a port nobody listens on is a SOCKET_ISSUE")
    func unreachable() async throws {
        let port = try FreePort.find()
        let outcome = await HTTPClientSender().send(
            Data("{}".utf8), to: try #require(URL(string: "http://127.0.0.1:\(port)/n")), timeout: .seconds(5))
        #expect(outcome == SendOutcome(result: "SOCKET_ISSUE", httpStatus: nil))
    }
}
