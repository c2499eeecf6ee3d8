import Foundation
import Logging
import ServiceTestSupport
import SubscriptionStore
import SubscriptionStorePostgres
import Testing

/// The two implementations of ``ConsumerStore`` the store contract runs against, so they
/// cannot drift: SQLite (a fresh file) and PostgreSQL (a fresh database on the server of
/// `TEST_DATABASE_URL`; scripts/test.sh starts one).
enum StoreBackend: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// SQLite always; PostgreSQL when its server is reachable or required (``TestPostgres``).
    /// Without a server the PostgreSQL cases are absent and `PostgresStoreTests` reports the skip.
    static var available: [StoreBackend] { TestPostgres.isEnabled ? [.sqlite, .postgres] : [.sqlite] }

    var testDescription: String { rawValue }

    /// A fresh, empty store.
    func open() async throws -> any ConsumerStore {
        switch self {
        case .sqlite:
            return try SubscriptionDatabase(path: temporaryDatabasePath())
        case .postgres:
            return try await PostgresStore.open(url: try await Self.freshPostgresURL(), logger: Self.logger)
        }
    }

    /// A new database on the test server.
    static func freshPostgresURL() async throws -> String {
        try await PostgresStore.createDatabase(named: TestPostgres.databaseName("store"), onServerOf: TestPostgres.url, logger: logger)
    }

    static let logger: Logger = {
        var logger = Logger(label: "store-tests")
        logger.logLevel = .warning
        return logger
    }()
}
