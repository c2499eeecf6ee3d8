import Foundation
import Synchronization

/// What the chaos run's clients saw, counted as they go.
final class ChaosStats: Sendable {
    struct Counts: Sendable {
        var sent = 0
        var viaHTTP = 0
        var viaAMQP = 0
        var repliesOK = 0
        var repliesErrored = 0
        /// Attempts without reply in time (AMQP reply timeout, HTTP 504); retried with the same id.
        var attemptsTimedOut = 0
        /// Attempts that found the producer or broker unavailable (HTTP 503, connection refused).
        var attemptsUnavailable = 0
        /// Commands given up without a final reply.
        var noFinalReply = 0
        var byKind: [String: (ok: Int, errored: Int)] = [:]
        /// The command id of every command that got a final reply the engine gave.
        var commandIds: Set<String> = []
        /// A few errored replies, for the printout.
        var errorSamples: [String: String] = [:]
        var probes = 0
        var completed = 0
    }

    private let counts = Mutex(Counts())

    func sent(viaHTTP: Bool) {
        counts.withLock {
            $0.sent += 1
            if viaHTTP { $0.viaHTTP += 1 } else { $0.viaAMQP += 1 }
        }
    }

    func timedOut() { counts.withLock { $0.attemptsTimedOut += 1 } }
    func unavailable() { counts.withLock { $0.attemptsUnavailable += 1 } }
    func probe(commandId: String?) {
        counts.withLock {
            $0.probes += 1
            if let commandId { $0.commandIds.insert(commandId) }
        }
    }

    func finished(kind: String, commandId: String?, ok: Bool, error: String?) {
        counts.withLock { counts in
            counts.completed += 1
            if let commandId { counts.commandIds.insert(commandId) }
            if ok {
                counts.repliesOK += 1
                counts.byKind[kind, default: (0, 0)].ok += 1
            } else {
                counts.repliesErrored += 1
                counts.byKind[kind, default: (0, 0)].errored += 1
                if let error, counts.errorSamples[kind] == nil { counts.errorSamples[kind] = error }
            }
        }
    }

    func gaveUp() {
        counts.withLock {
            $0.completed += 1
            $0.noFinalReply += 1
        }
    }

    var snapshot: Counts { counts.withLock { $0 } }
    var completed: Int { counts.withLock { $0.completed } }
    var sentCount: Int { counts.withLock { $0.sent } }
}
