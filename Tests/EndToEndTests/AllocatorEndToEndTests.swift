import Foundation
import ServiceTestSupport
import Testing

/// Both services' executables allocate with jemalloc, linked in `Package.swift`
/// (docs/architecture.md, "Memory allocator"): a build that lost the linker setting would run
/// on glibc's allocator, about 5 % slower under load, and no other test would notice.
@Suite("Memory allocator of the built services")
struct AllocatorEndToEndTests {
    /// jemalloc prints its statistics at exit when `MALLOC_CONF` asks for them, and only when it
    /// is the allocator that served the process: linked but not chosen, it would never start, and
    /// glibc ignores `MALLOC_CONF`. `--help` exits at once, through `exit`, with no broker.
    @Test("the producer and the consumer allocate with jemalloc, without LD_PRELOAD", arguments: [
        "subscriptions-producer", "subscriptions-consumer",
    ])
    func servedByJemalloc(service: String) async throws {
        let process = try ServiceProcess.startAlone(
            service, arguments: ["--help"], environment: ["MALLOC_CONF": "stats_print:true"], unsetting: ["LD_PRELOAD"])
        defer { try? FileManager.default.removeItem(at: URL(filePath: process.logPath).deletingLastPathComponent()) }
        let status = await process.waitForExit(timeout: .seconds(20))
        await process.terminate()
        #expect(status == 0, "\(service) --help: \(process.logTail())")
        let output = try String(contentsOfFile: process.logPath, encoding: .utf8)
        #expect(output.contains("USAGE:"), "\(service) printed no help: \(process.logTail())")
        #expect(output.contains("___ Begin jemalloc statistics ___"), "\(service) did not allocate with jemalloc")
        // The statistics' summary line, "Allocated: <bytes>, active: …": what jemalloc served.
        let allocated = output.split(separator: "\n").first { $0.hasPrefix("Allocated: ") }
            .flatMap { Int($0.dropFirst("Allocated: ".count).prefix { $0.isNumber }) }
        #expect((allocated ?? 0) > 0, "\(service): no bytes allocated by jemalloc in its statistics")
    }
}
