import Foundation
import Testing

@testable import SubscriptionConsumer

/// The crash journal names what a process was applying when it died (docs/reliability.md,
/// "Poison"); the end-to-end proof with a real crash is `PoisonCommandTests`.
@Suite struct CrashJournalTests {
    static func path() -> String {
        FileManager.default.temporaryDirectory.appending(path: "journal-\(UUID().uuidString)/consumer.crash-journal").path
    }

    /// One process's life: it opens the journal, does `body`, and dies (the mapping and the
    /// lock go with it; what it stored stays in the file). Returns what `body` returned.
    @discardableResult
    static func life<T>(_ path: String, _ body: (CrashJournal) -> T) throws -> T {
        let journal = try CrashJournal(path: path)
        return body(journal)
    }

    @Test("a command marked and never cleared is a suspect after one death and the culprit after a second on it")
    func commandCulprit() throws {
        let path = Self.path()
        let command = "6f1c2a3e-1111-4a5b-8c9d-0123456789ab"
        try Self.life(path) { $0.applying(command) }
        try Self.life(path) { next in
            #expect(next.takeFinding() == .suspected(.command(command)))
            #expect(next.takeFinding() == .none)
            next.applying(command)
        }
        try Self.life(path) { third in
            #expect(third.takeFinding() == .confirmed(.command(command)))
            // Confirmed once: a later death on it starts over as a suspect.
            third.applying(command)
        }
        #expect(try Self.life(path) { $0.takeFinding() } == .suspected(.command(command)))
    }

    @Test("an external kill on one command, then on another, confirms neither")
    func differentCommands() throws {
        let path = Self.path()
        try Self.life(path) { $0.applying("6f1c2a3e-1111-4a5b-8c9d-0123456789ab") }
        try Self.life(path) { next in
            #expect(next.takeFinding() == .suspected(.command("6f1c2a3e-1111-4a5b-8c9d-0123456789ab")))
            next.applying("6f1c2a3e-2222-4a5b-8c9d-0123456789ab")
        }
        #expect(try Self.life(path) { $0.takeFinding() } == .suspected(.command("6f1c2a3e-2222-4a5b-8c9d-0123456789ab")))
    }

    @Test("a timer fired inside a command's transaction is the suspect, not the command; a second death on it confirms it")
    func timerCulprit() throws {
        let path = Self.path()
        try Self.life(path) { dying in
            dying.applying("6f1c2a3e-2222-4a5b-8c9d-0123456789ab")
            dying.willFire("2000000000000042")
        }
        try Self.life(path) { next in
            #expect(next.takeFinding() == .suspected(.timer("2000000000000042")))
            next.willFire("2000000000000042")
        }
        #expect(try Self.life(path) { $0.takeFinding() } == .confirmed(.timer("2000000000000042")))
    }

    @Test("a clean end of batch or timer leaves no culprit; the file is the owner's only")
    func cleanRun() throws {
        let path = Self.path()
        try Self.life(path) { journal in
            journal.applying("6f1c2a3e-3333-4a5b-8c9d-0123456789ab")
            journal.willFire("2000000000000042")
            journal.didFire()
            journal.idle()
        }
        #expect(try Self.life(path) { $0.takeFinding() } == .none)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("replicas sharing a directory each hold a journal of their own; a restart takes the one a dead replica left, with its finding")
    func replicasShareADirectory() throws {
        let path = Self.path()
        let first = try CrashJournal.acquire(preferring: path)
        var second: CrashJournal? = try CrashJournal.acquire(preferring: path)
        #expect(first.path == path)
        #expect(second?.path == path + ".2")
        // A live replica's marks are not another's finding: the second sees nothing of the first.
        first.applying("6f1c2a3e-4444-4a5b-8c9d-0123456789ab")
        #expect(second?.takeFinding() == CrashJournal.Finding.none)
        #expect(throws: CrashJournalError.self) { try CrashJournal(path: path) }
        // The second dies applying a command (its mapping and lock go); its successor takes its
        // file and suspects the command.
        second?.applying("6f1c2a3e-5555-4a5b-8c9d-0123456789ab")
        second = nil
        let successor = try CrashJournal.acquire(preferring: path)
        #expect(successor.path == path + ".2")
        #expect(successor.takeFinding() == .suspected(.command("6f1c2a3e-5555-4a5b-8c9d-0123456789ab")))
        withExtendedLifetime(first) {}
    }

    @Test("poison commands are taken once")
    func poisonList() {
        let poison = PoisonCommands(["a"])
        #expect(!poison.take("b"))
        #expect(poison.take("a"))
        #expect(!poison.take("a"))
    }
}
