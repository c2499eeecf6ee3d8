import StableIdentifiers

/// RFC 9562 version 5 (SHA-1, name-based) UUIDs in the engine's namespace, so that an event's
/// `notificationUUID` is a pure function of what it describes and a replayed event carries the
/// same one (R-EVT-3).
enum NameBasedUUID {
    /// The engine's namespace (a fixed random UUID).
    static let namespace: [UInt8] = [
        0x6f, 0x1d, 0x2b, 0x3a, 0x8c, 0x44, 0x4e, 0x51, 0x9a, 0x0e, 0x57, 0x1c, 0x3d, 0x22, 0x90, 0xab,
    ]

    /// The lowercase UUID text for `name` in the engine's namespace.
    static func make(_ name: String) -> String {
        UUIDv5.string(namespace: namespace, name: name)
    }
}
