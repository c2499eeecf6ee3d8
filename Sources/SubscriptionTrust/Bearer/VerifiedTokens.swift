import Synchronization

/// Tokens whose signature verified, with their key and claims, so that a client reusing its
/// token (Apple's clients reuse one for up to an hour) pays for one ES256 verification, not one
/// per request: it was an eighth of the producer's CPU per request (docs/signing-and-auth.md).
/// Only tokens that passed every check are kept; the claims are checked again on each use (the
/// token expires), and the keys never change while the process runs. Bounded: when full,
/// expired tokens go, and if none had expired, all of them.
final class VerifiedTokens: Sendable {
    struct Entry: Sendable {
        var key: APIKey
        var claims: BearerToken.Claims
    }

    /// The most tokens kept.
    static let capacity = 1024

    private let entries = Mutex<[String: Entry]>([:])

    /// The key and claims of `token` if it verified before.
    func entry(for token: String) -> Entry? {
        entries.withLock { $0[token] }
    }

    /// Keeps `token`, which passed every check at `now` (seconds since 1970).
    func keep(_ token: String, _ entry: Entry, now: Int64) {
        entries.withLock { entries in
            if entries.count >= Self.capacity {
                entries = entries.filter { ($0.value.claims.exp ?? 0) > now }
                if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[token] = entry
        }
    }

    /// How many tokens are kept (tests).
    var count: Int { entries.withLock { $0.count } }
}
