import Foundation
import Testing

@testable import SubscriptionConsumer

/// The crash journal names what a process was applying when it died (docs/reliability.md,
/// "Poison"); the end-to-end proof with a real crash is `PoisonCommandTests`.
@Suite struct CrashJournalTests {
    static func path() -> String {
        FileManager.default.temporaryDirectory.appending(path: "journal-\(UUID().uuidString)/consumer.crash-journal").path
    }

    @Test("a command marked and never cleared is a suspect after one death and the culprit after a second on it")
    func commandCulprit() throws {
        let path = Self.path()
        let command = "6f1c2a3e-1111-4a5b-8c9d-0123456789ab"
        let dying = try CrashJournal(path: path)
        dying.applying(command)
        // The next process maps the same file while this one still holds it, as after a crash.
        let next = try CrashJournal(path: path)
        #expect(next.takeFinding() == .suspected(.command(command)))
        #expect(next.takeFinding() == .none)
        next.applying(command)
        let third = try CrashJournal(path: path)
        #expect(third.takeFinding() == .confirmed(.command(command)))
        // Confirmed once: a later death on it starts over as a suspect.
        third.applying(command)
        #expect(try CrashJournal(path: path).takeFinding() == .suspected(.command(command)))
    }

    @Test("an external kill on one command, then on another, confirms neither")
    func differentCommands() throws {
        let path = Self.path()
        try CrashJournal(path: path).applying("6f1c2a3e-1111-4a5b-8c9d-0123456789ab")
        let next = try CrashJournal(path: path)
        #expect(next.takeFinding() == .suspected(.command("6f1c2a3e-1111-4a5b-8c9d-0123456789ab")))
        next.applying("6f1c2a3e-2222-4a5b-8c9d-0123456789ab")
        #expect(try CrashJournal(path: path).takeFinding() == .suspected(.command("6f1c2a3e-2222-4a5b-8c9d-0123456789ab")))
    }

    @Test("a timer fired inside a command's transaction is the suspect, not the command; a second death on it confirms it")
    func timerCulprit() throws {
        let path = Self.path()
        let dying = try CrashJournal(path: path)
        dying.applying("6f1c2a3e-2222-4a5b-8c9d-0123456789ab")
        dying.willFire("2000000000000042")
        let next = try CrashJournal(path: path)
        #expect(next.takeFinding() == .suspected(.timer("2000000000000042")))
        next.willFire("2000000000000042")
        #expect(try CrashJournal(path: path).takeFinding() == .confirmed(.timer("2000000000000042")))
    }

    @Test("a clean end of batch or timer leaves no culprit; the file is the owner's only")
    func cleanRun() throws {
        let path = Self.path()
        let journal = try CrashJournal(path: path)
        journal.applying("6f1c2a3e-3333-4a5b-8c9d-0123456789ab")
        journal.willFire("2000000000000042")
        journal.didFire()
        journal.idle()
        #expect(try CrashJournal(path: path).takeFinding() == .none)
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
