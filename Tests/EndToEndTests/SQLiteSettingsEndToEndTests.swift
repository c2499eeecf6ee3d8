import Foundation
import ServiceTestSupport
import Testing

/// The consumer turns SQLite's memory statistics off before its first connection
/// (`SQLiteProcessSettings`; docs/consumer.md, "SQLite's memory statistics"): a change that
/// opened a connection some other way first would leave them on, every SQLite allocation taking
/// a process-wide mutex again, and nothing else would notice. The consumer says which it got
/// in its "store opened" line.
@Suite(
    "SQLite's settings in the built consumer",
    .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "starts a service process of its own")
)
struct SQLiteSettingsEndToEndTests {
    @Test("the consumer opens its store with SQLite's memory statistics off")
    func memoryStatisticsOff() async throws {
        let process = try ServiceProcess.startAlone(
            "subscriptions-consumer",
            // The store opens before the broker is dialled: no broker on this port, so the
            // consumer gives up after STARTUP_TIMEOUT and exits.
            environment: [
                "LOG_LEVEL": "info", "HTTP_PORT": String(try FreePort.find()), "STARTUP_TIMEOUT": "1",
                "AMQP_URL": "amqp://guest:guest@127.0.0.1:\(try FreePort.find())/", "BUS_PREFIX": "sqlite-settings",
            ])
        defer { try? FileManager.default.removeItem(at: URL(filePath: process.logPath).deletingLastPathComponent()) }
        let status = await process.waitForExit(timeout: .seconds(30))
        await process.terminate()
        #expect(status != nil && status != 0, "the consumer kept running without a broker:\n\(process.logTail())")
        let log = try String(contentsOfFile: process.logPath, encoding: .utf8)
        let opened = log.split(separator: "\n").first { $0.contains("store opened") }
        #expect(opened?.contains("(memory statistics off)") == true, "\(opened ?? "no 'store opened' line"):\n\(process.logTail())")
    }
}
