import StableIdentifiers

/// The stated assumption of a what-if: a share of the subscribers asked for consent consents
/// (R-WIF-4). Who consents is not random: a subscriber consents when a stable hash of its
/// `originalTransactionId` (the first 8 bytes of SHA-1 of `what-if-consent/<id>`, big-endian,
/// modulo 10 000) is below the rate in basis points. The same subscriptions get the same answer
/// on every run, on every machine; over many subscriptions the share approaches the rate.
public struct ConsentAssumption: Sendable, Hashable {
    /// The rate in basis points, 0…10 000 (8 000 = 80 %).
    public let basisPoints: Int

    /// `basisPoints` must be in 0…10 000; nil otherwise.
    public init?(basisPoints: Int) {
        guard (0...10_000).contains(basisPoints) else { return nil }
        self.basisPoints = basisPoints
    }

    /// Whether the subscriber of `originalTransactionId` is assumed to consent.
    public func consents(_ originalTransactionId: String) -> Bool {
        Self.bucket(of: originalTransactionId) < basisPoints
    }

    /// The subscriber's bucket, 0…9 999.
    public static func bucket(of originalTransactionId: String) -> Int {
        let digest = SHA1.digest("what-if-consent/\(originalTransactionId)".utf8)
        let prefix = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(prefix % 10_000)
    }
}
