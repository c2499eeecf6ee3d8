import Synchronization

/// The random bits of the producer's request path: command ids without a key (UUID version 7).
/// One generator seeded once from the system's, instead of a `getrandom` system call per 8
/// bytes. Ids need to be unique, not
/// unpredictable: nothing here is a secret.
final class RequestRandomness: Sendable {
    /// The process's generator.
    static let shared = RequestRandomness()

    private let state: Mutex<UInt64>

    init() {
        var system = SystemRandomNumberGenerator()
        state = Mutex(system.next())
    }

    /// 64 random bits (SplitMix64).
    func next() -> UInt64 {
        var value = state.withLock { state in
            state &+= 0x9E37_79B9_7F4A_7C15
            return state
        }
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A generator drawing from ``shared``, for APIs that take a `RandomNumberGenerator`.
    struct Generator: RandomNumberGenerator {
        mutating func next() -> UInt64 { RequestRandomness.shared.next() }
    }
}
