import Synchronization

/// Who publishes the outbox, and what the broker has confirmed but the database still holds.
///
/// Normally the pipeline publishes each committed batch's events itself, straight from memory
/// and in commit order (``claimDirectPublish()``), and the ids the broker confirmed are deleted
/// in the next write transaction (``takeConfirmed()``). After a publish failed, and at start
/// (a previous run may have left events behind), the ``OutboxRelay`` republishes the outbox
/// from the database in id order; batches committed meanwhile leave their events to it. It
/// hands publishing back only once no direct publish is in flight and no batch deferred to it
/// since its last read, so every event is published by exactly one of them (at least once,
/// in commit order).
final class OutboxLedger: Sendable {
    private struct State {
        var confirmed: [Int64] = []
        var recovering = true
        /// Incremented whenever a batch leaves its events to the relay.
        var deferrals = 0
        var directInFlight = 0
    }

    private let state = Mutex(State())

    /// Whether a committed batch publishes its events itself (true), or leaves them to the
    /// relay, which is recovering (false). A true must be followed by ``directPublishFinished(confirmed:failed:)``.
    func claimDirectPublish() -> Bool {
        state.withLock { state in
            if state.recovering {
                state.deferrals += 1
                return false
            }
            state.directInFlight += 1
            return true
        }
    }

    /// A direct publish ended: `confirmed` ids can be deleted; a failure hands publishing to the relay.
    func directPublishFinished(confirmed: [Int64], failed: Bool) {
        state.withLock { state in
            state.directInFlight -= 1
            state.confirmed += confirmed
            if failed { state.recovering = true }
        }
    }

    /// Ids the relay had confirmed.
    func addConfirmed(_ ids: [Int64]) {
        guard !ids.isEmpty else { return }
        state.withLock { $0.confirmed += ids }
    }

    /// Takes the confirmed ids for deletion; ``restoreConfirmed(_:)`` if the deletion rolled back.
    func takeConfirmed() -> [Int64] {
        state.withLock { state in
            defer { state.confirmed = [] }
            return state.confirmed
        }
    }

    /// Puts back ids whose deletion did not commit.
    func restoreConfirmed(_ ids: [Int64]) {
        addConfirmed(ids)
    }

    /// Hands publishing to the relay, as a failed publish does: it republishes the outbox, then
    /// hands back (the outbox sweep, when rows another replica left behind are found).
    func requestRecovery() {
        state.withLock { $0.recovering = true }
    }

    /// Whether the relay owns publishing now.
    var isRecovering: Bool { state.withLock { $0.recovering } }

    /// Whether confirmed ids wait for deletion.
    var hasConfirmed: Bool { state.withLock { !$0.confirmed.isEmpty } }

    /// For the relay before it reads the outbox: whether direct publishes are still in
    /// flight, and the deferral count to pass to ``finishRecovery(ifDeferralsAre:)``.
    func recoveryCheckpoint() -> (directInFlight: Int, deferrals: Int) {
        state.withLock { ($0.directInFlight, $0.deferrals) }
    }

    /// Hands publishing back to the pipeline when no batch deferred since the checkpoint.
    func finishRecovery(ifDeferralsAre deferrals: Int) -> Bool {
        state.withLock { state in
            guard state.deferrals == deferrals, state.directInFlight == 0 else { return false }
            state.recovering = false
            return true
        }
    }
}
