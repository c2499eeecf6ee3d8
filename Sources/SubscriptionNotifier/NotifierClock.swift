import Foundation

/// The notifier's "now" in ms since 1970: the system clock, or the consumer's test clock, so
/// that retries fall due when the test clock passes them (`CLOCK=manual`).
public struct NotifierClock: Sendable {
    private let read: @Sendable () async throws -> Int64

    /// A clock that reads `read`.
    public init(read: @escaping @Sendable () async throws -> Int64) { self.read = read }

    /// The system clock.
    public static let system = NotifierClock { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    /// Now.
    public func now() async throws -> Int64 { try await read() }
}
