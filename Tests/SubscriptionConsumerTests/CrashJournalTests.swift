import Foundation
import Testing

@testable import SubscriptionConsumer

/// The crash journal names what a process was applying when it died (docs/reliability.md,
/// "Poison"); the end-to-end proof with a real crash is `PoisonCommandTests`.
@Suite struct CrashJournalTests {
    static func path() -> String {
        FileManager.default.temporaryDirectory.appending(path: "journal-\(UUID().uuidString)/consumer.crash-journal").path
    }

    @Test("a command marked and never cleared is the culprit the next open reads, once")
    func commandCulprit() throws {
        let path = Self.path()
        let dying = try CrashJournal(path: path)
        dying.applying("6f1c2a3e-1111-4a5b-8c9d-0123456789ab")
        // The next process maps the same file while this one still holds it, as after a crash.
        let next = try CrashJournal(path: path)
        #expect(next.takeCulprit() == .command("6f1c2a3e-1111-4a5b-8c9d-0123456789ab"))
        #expect(next.takeCulprit() == nil)
    }

    @Test("a timer fired inside a command's transaction is the culprit, not the command")
    func timerCulprit() throws {
        let path = Self.path()
        let dying = try CrashJournal(path: path)
        dying.applying("6f1c2a3e-2222-4a5b-8c9d-0123456789ab")
        dying.willFire("2000000000000042")
        #expect(try CrashJournal(path: path).takeCulprit() == .timer("2000000000000042"))
    }

    @Test("a clean end of batch or timer leaves no culprit; the file is the owner's only")
    func cleanRun() throws {
        let path = Self.path()
        let journal = try CrashJournal(path: path)
        journal.applying("6f1c2a3e-3333-4a5b-8c9d-0123456789ab")
        journal.willFire("2000000000000042")
        journal.didFire()
        journal.idle()
        #expect(try CrashJournal(path: path).takeCulprit() == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("poison commands are taken once")
    func poisonList() {
        let poison = PoisonCommands(["a"])
        #expect(!poison.take("b"))
        #expect(poison.take("a"))
        #expect(!poison.take("a"))
    }
}
