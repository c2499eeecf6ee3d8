import Foundation
import PostgresNIO
import SubscriptionStore

/// Where the PostgreSQL store connects: a `DATABASE_URL` of the form
/// `postgres://user:password@host:port/database?sslmode=…&sslrootcert=…` (port 5432 and
/// `sslmode=disable` by default; `postgresql://` is accepted too). The TLS parameters are
/// libpq's: ``PostgresTLSSettings``.
public struct PostgresStoreConfiguration: Sendable, Hashable {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    /// TLS: mode, trusted CAs, client certificate.
    public var tls: PostgresTLSSettings

    /// The parts of `url`; an error names what is wrong (never the password).
    public init(url: String) throws(StoreError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else {
            throw StoreError(.invalidLocation, "expected postgres://user:password@host:port/database, got \(Self.redacted(url))")
        }
        guard let host = components.host, !host.isEmpty else {
            throw StoreError(.invalidLocation, "the database URL has no host: \(Self.redacted(url))")
        }
        guard let username = components.user, !username.isEmpty else {
            throw StoreError(.invalidLocation, "the database URL has no user: \(Self.redacted(url))")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw StoreError(.invalidLocation, "the database URL names no database (…/database): \(Self.redacted(url))")
        }
        let items = components.queryItems ?? []
        if let unknown = items.first(where: { !PostgresTLSSettings.parameters.contains($0.name) }) {
            throw StoreError(
                .invalidLocation,
                "unknown database URL parameter '\(unknown.name)' (only \(PostgresTLSSettings.parameters.joined(separator: ", "))): \(Self.redacted(url))")
        }
        let tls = try PostgresTLSSettings(queryItems: items)
        self.host = host
        self.port = components.port ?? 5432
        self.username = username
        self.password = components.password
        self.database = database
        self.tls = tls
    }

    /// `host:port/database`, for logs.
    public var summary: String { "\(host):\(port)/\(database)" }

    /// `url` with its password replaced by `***`, for error messages.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "(unreadable URL)"
    }

    /// The postgres-nio connection configuration.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: try tls.connectionTLS())
    }
}
