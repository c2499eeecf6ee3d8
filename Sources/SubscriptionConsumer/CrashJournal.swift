import Foundation
import SubscriptionEngine

/// What the consumer is applying right now, in a small file mapped into memory
/// (`CRASH_JOURNAL_PATH`, beside the database by default): the command's id while it is
/// applied, and the subscription whose due transition is fired. A store into a shared mapping
/// reaches the file when the process dies however it dies (the kernel owns the page), so
/// marking costs a copy of a few bytes and no system call on the command path.
///
/// After a crash the next start reads it (``takeFinding()``). A process can die for reasons that
/// are not the command's (SIGKILL, the OOM killer, a lost machine), so one death only makes the
/// command (or the subscription whose timer fired) a **suspect**: it comes back alone (a
/// redelivered command is committed alone) and is applied again. If the process dies on the same
/// one again, it is **confirmed**: the command is dead-lettered when the broker delivers it again
/// (header `x-subscriptions-poison`), the subscription quarantined; every batch-mate is applied
/// once (docs/reliability.md, "Poison").
///
/// A journal belongs to one live process: the file is locked (`flock`) for as long as the process
/// lives, and the kernel releases the lock however it dies. Replicas that share a directory
/// (and so the default path) each take a file of their own (``acquire(preferring:)``): the first
/// whose lock is free, `<path>`, `<path>.2`, … A restarted replica takes the journal a dead one
/// left, and so reads what that one was applying when it died.
///
/// Only the store's writer writes (the pipeline's transactions run one at a time, and the
/// engine fires timers inside them), so the mapping needs no lock; `@unchecked Sendable` for
/// that reason. Reads happen at start, before the pipeline runs.
final class CrashJournal: FiringObserver, @unchecked Sendable {
    /// What the previous process was doing when it died.
    enum Culprit: Equatable, Sendable {
        /// Applying the command with this `command_id`.
        case command(String)
        /// Firing the due transition of this subscription.
        case timer(String)
    }

    /// What a start learns from the journal.
    enum Finding: Equatable, Sendable {
        /// The previous process stopped cleanly (or between two commands).
        case none
        /// It died on this one for the first time: it is applied again, alone.
        case suspected(Culprit)
        /// It died on this one again: the culprit.
        case confirmed(Culprit)
    }

    private static let magic: [UInt8] = Array("SUBSJRN1".utf8)
    private static let size = 4096
    private static let commandSlot = 16
    private static let timerSlot = 512
    private static let suspectSlot = 1024
    private static let slotBytes = 480

    /// How many files ``acquire(preferring:)`` tries: replicas sharing one directory.
    static let maximumSharers = 64

    private let base: UnsafeMutableRawPointer
    private let descriptor: Int32
    /// The journal's file.
    let path: String

    /// Opens (or creates, mode 0600) the journal at `path` and locks it for this process;
    /// throws ``CrashJournalError`` with `EWOULDBLOCK` when a live process holds it.
    init(path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CrashJournalError(path: path, operation: "open", code: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            throw CrashJournalError(path: path, operation: "lock", code: code)
        }
        guard ftruncate(descriptor, off_t(Self.size)) == 0 else {
            let code = errno
            close(descriptor)
            throw CrashJournalError(path: path, operation: "ftruncate", code: code)
        }
        let mapped = mmap(nil, Self.size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            let code = errno
            close(descriptor)
            throw CrashJournalError(path: path, operation: "mmap", code: code)
        }
        base = mapped
        self.descriptor = descriptor
        self.path = path
        if !Self.magic.elementsEqual(UnsafeRawBufferPointer(start: base, count: Self.magic.count)) {
            memset(base, 0, Self.size)
            Self.magic.withUnsafeBytes { if let source = $0.baseAddress { base.copyMemory(from: source, byteCount: Self.magic.count) } }
        }
    }

    deinit {
        munmap(base, Self.size)
        close(descriptor)  // releases the lock
    }

    /// The journal at `path`, or, while live processes hold it, the first free one of
    /// `<path>.2` … `<path>.64`.
    static func acquire(preferring path: String) throws -> CrashJournal {
        for index in 1...maximumSharers {
            do {
                return try CrashJournal(path: index == 1 ? path : "\(path).\(index)")
            } catch let error as CrashJournalError where error.isHeldByAnotherProcess {
                continue
            }
        }
        throw CrashJournalError(path: path, operation: "lock (all \(maximumSharers) journals are held by live processes)", code: EWOULDBLOCK)
    }

    /// The default path: beside the SQLite database (`<DATABASE_PATH>.crash-journal`).
    static func defaultPath(besides databasePath: String) -> String { databasePath + ".crash-journal" }

    /// What the previous process was applying when it died, and clears it: a first death on a
    /// command or timer makes it a suspect (kept in the journal), a second death on the same one
    /// confirms it.
    func takeFinding() -> Finding {
        defer {
            clear(Self.commandSlot)
            clear(Self.timerSlot)
        }
        // A timer fires inside a command's transaction too: then the timer is the culprit.
        let culprit: Culprit
        if let id = read(Self.timerSlot) {
            culprit = .timer(id)
        } else if let id = read(Self.commandSlot) {
            culprit = .command(id)
        } else {
            return .none
        }
        let key = Self.suspectKey(culprit)
        if read(Self.suspectSlot) == key {
            clear(Self.suspectSlot)
            return .confirmed(culprit)
        }
        write(key, at: Self.suspectSlot)
        return .suspected(culprit)
    }

    private static func suspectKey(_ culprit: Culprit) -> String {
        switch culprit {
        case .command(let id): "command " + id
        case .timer(let id): "timer " + id
        }
    }

    /// Marks `commandId` as the command being applied.
    func applying(_ commandId: String) { write(commandId, at: Self.commandSlot) }

    /// Nothing is being applied (the batch's transaction ended, committed or not).
    func idle() { clear(Self.commandSlot) }

    func willFire(_ originalTransactionId: String) { write(originalTransactionId, at: Self.timerSlot) }

    func didFire() { clear(Self.timerSlot) }

    /// Slot layout: a length (2 bytes, 0 = empty), then the UTF-8 bytes. The length is stored
    /// last, so a slot read after a crash is either empty or whole.
    private func write(_ text: String, at slot: Int) {
        var text = text
        text.withUTF8 { bytes in
            let count = min(bytes.count, Self.slotBytes)
            base.storeBytes(of: 0, toByteOffset: slot, as: UInt16.self)
            if let source = bytes.baseAddress { (base + slot + 2).copyMemory(from: source, byteCount: count) }
            base.storeBytes(of: UInt16(count), toByteOffset: slot, as: UInt16.self)
        }
    }

    private func clear(_ slot: Int) { base.storeBytes(of: 0, toByteOffset: slot, as: UInt16.self) }

    private func read(_ slot: Int) -> String? {
        let count = Int(base.load(fromByteOffset: slot, as: UInt16.self))
        guard count > 0, count <= Self.slotBytes else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: base + slot + 2, count: count), as: UTF8.self)
    }
}

/// The crash journal's file could not be opened or mapped.
struct CrashJournalError: Error, CustomStringConvertible {
    var path: String
    var operation: String
    var code: Int32

    var description: String { "crash journal \(path): \(operation) failed: \(String(cString: strerror(code)))" }

    /// The file is locked by a live process (another replica using the same path).
    var isHeldByAnotherProcess: Bool { operation == "lock" && code == EWOULDBLOCK }
}
