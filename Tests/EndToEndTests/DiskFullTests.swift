import AMQPClient
import Foundation
import SubscriptionMessages
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The consumer's disk fills up: commands wait, none is dead-lettered, and all are
/// applied once the space is back. The database lives on a small tmpfs the test mounts (root).
@Suite("Disk full (real consumer process, database on a tmpfs)", .serialized)
struct DiskFullTests {
    @Test(
        "while the database's disk is full no command is handed back or dead-lettered; once space is freed every one is applied and answered",
        .enabled(if: getuid() == 0 && ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "mounts a tmpfs (root)")
    )
    func commandsWaitOutADiskFullOutage() async throws {
        let mount = FileManager.default.temporaryDirectory.appending(path: "disk-full-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        try Self.run("/bin/mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mount.path)
        defer {
            _ = try? Self.run("/bin/umount", mount.path)
            try? FileManager.default.removeItem(at: mount)
        }
        let stack = try await Stack.start(
            withProducer: false, consumerEnvironment: ["DATABASE_PATH": mount.appending(path: "subscriptions.sqlite").path])
        let connection = try await stack.connect()
        let client = try await DirectCommandClient(connection: connection, busPrefix: stack.busPrefix)
        let deadLetters = try await connection.consume(queue: "\(stack.busPrefix).commands.dead-letter", prefetch: 10)
        let dead = Mutex(0)
        let collector = Task {
            for await delivery in deadLetters {
                try? await delivery.ack()
                dead.withLock { $0 += 1 }
            }
        }
        defer { collector.cancel() }
        // Full before the commands come: the WAL cannot grow for them (SQLite reuses the WAL's
        // existing space, so a few commits may still land; 200 need more than it has).
        let filler = mount.appending(path: "filler")
        Self.fill(filler)
        let waiting = (0..<200).map { PoisonCommandTests.purchase(stack.unique("c-full-\($0)")) }
        for envelope in waiting {
            try await client.publishRaw(try envelope.serializedBytes(), routingKey: CommandRoute.purchase.routingKey, correlationId: envelope.commandID)
        }
        // Longer than 5 hand-backs of 0.5 s: before the fix the queue's delivery limit dead-lettered them here.
        try await Task.sleep(for: .seconds(8))
        let answeredDuringOutage = waiting.filter { client.hasReply(to: $0.commandID) }.count
        #expect(answeredDuringOutage < waiting.count, "the disk is full: not everything can be committed (\(answeredDuringOutage) were)")
        #expect(dead.withLock { $0 } == 0, "no command dead-lettered during the outage")
        try FileManager.default.removeItem(at: filler)

        for envelope in waiting {
            let reply = try await client.reply(to: envelope.commandID, timeout: .seconds(30))
            #expect(reply.status == .ok, "\(reply.error)")
        }
        #expect(dead.withLock { $0 } == 0)
        #expect(await stack.consumer?.waitForExit(timeout: .milliseconds(100)) == nil, "the consumer rode it out")
        await connection.close()
        await stack.stop()
    }

    /// Writes zeros to `url` until the file system is full.
    static func fill(_ url: URL) {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: url.path) else { return }
        defer { try? handle.close() }
        let chunk = Data(count: 256 * 1024)
        while (try? handle.write(contentsOf: chunk)) != nil {}
        let small = Data(count: 512)
        while (try? handle.write(contentsOf: small)) != nil {}
    }

    @discardableResult
    static func run(_ arguments: String...) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(filePath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw E2EError("\(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
        return process.terminationStatus
    }
}
