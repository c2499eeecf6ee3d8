import Foundation
import ServiceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Both services read their configuration the same way: a malformed value stops the process
/// at start with a message naming the variable, the value and what was expected.
@Suite(
    "Configuration refused at start",
    .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "starts service processes of its own")
)
struct ConfigurationRefusalTests {
    @Test("a bad LOG_LEVEL stops either service at once, naming the variable and the value", arguments: [
        "subscriptions-producer", "subscriptions-consumer",
    ])
    func badLogLevel(service: String) async throws {
        let process = try ServiceProcess.startAlone(
            service,
            // No broker, a bus of its own: a service that wrongly starts touches nothing shared.
            environment: [
                "LOG_LEVEL": "loud", "HTTP_PORT": String(try FreePort.find()),
                "AMQP_URL": "amqp://guest:guest@127.0.0.1:\(try FreePort.find())/", "BUS_PREFIX": "config-refusal",
            ])
        let status = await process.waitForExit(timeout: .seconds(20))
        #expect(status != nil && status != 0, "\(service) kept running with LOG_LEVEL=loud:\n\(process.logTail())")
        let log = process.logTail()
        #expect(log.contains("LOG_LEVEL") && log.contains("loud"), "\(log)")
        await process.terminate()
    }

    @Test(
        "an HTTP port already in use stops either service with the bind error, its broker reachable", .requiresBroker,
        arguments: ["subscriptions-producer", "subscriptions-consumer"])
    func portInUse(service: String) async throws {
        let (listener, port) = try FreePort.listeningSocket()
        defer { close(listener) }
        let process = try ServiceProcess.startAlone(
            service,
            // A real broker: the producer used to hang here, its status board spinning a core
            // while it waited for a broker service the failed HTTP server had cancelled.
            environment: [
                "HTTP_HOST": "127.0.0.1", "HTTP_PORT": String(port), "AMQP_URL": TestBroker.url,
                "BUS_PREFIX": "config-refusal-\(UUID().uuidString.prefix(8).lowercased())", "CLOCK": "manual",
            ])
        let status = await process.waitForExit(timeout: .seconds(30))
        #expect(status != nil && status != 0, "\(service) kept running on a port in use:\n\(process.logTail())")
        let log = process.logTail()
        #expect(log.contains("Address already in use"), "\(log)")
        await process.terminate()
    }

    @Test("a bad entry in a list of broker URLs stops either service at once, naming the entry and why", arguments: [
        "subscriptions-producer", "subscriptions-consumer",
    ])
    func badBrokerListEntry(service: String) async throws {
        let process = try ServiceProcess.startAlone(
            service,
            environment: [
                "HTTP_PORT": String(try FreePort.find()),
                "AMQP_URL": "amqp://guest:guest@127.0.0.1:\(try FreePort.find())/, amqp://guest:secret@127.0.0.1:70000/",
                "BUS_PREFIX": "config-refusal",
            ])
        let status = await process.waitForExit(timeout: .seconds(20))
        #expect(status != nil && status != 0, "\(service) kept running with a bad broker URL:\n\(process.logTail())")
        let log = process.logTail()
        #expect(log.contains("entry 2 of 2") && log.contains("port 70000") && !log.contains("secret"), "\(log)")
        await process.terminate()
    }
}
