import Foundation

/// A private PostgreSQL server of the test's own (scripts/postgres-local.sh), in a temporary
/// directory, e.g. with TLS on (`POSTGRES_LOCAL_TLS=1`): its CA is `tls/ca.pem` there.
public struct PrivatePostgresServer: Sendable {
    public let name: String
    public let port: Int
    /// Where the script keeps its servers (`POSTGRES_LOCAL_BASE`).
    public let base: URL
    /// Extra environment for the script, e.g. `POSTGRES_LOCAL_TLS=1`.
    public var environment: [String: String]

    /// A server on a free loopback port, in a fresh temporary directory.
    public init(name: String, environment: [String: String] = [:]) throws {
        self.name = name
        self.port = try FreePort.find()
        self.base = FileManager.default.temporaryDirectory.appending(path: "postgres-\(name)-\(UUID().uuidString.prefix(8))")
        self.environment = environment.merging(["POSTGRES_LOCAL_BASE": base.path]) { _, new in new }
    }

    /// The server's own directory (data/, tls/, server.log).
    public var directory: URL { base.appending(path: name) }

    /// The CA of a TLS server (`POSTGRES_LOCAL_TLS=1`).
    public var caPath: String { directory.appending(path: "tls/ca.pem").path }

    /// The `DATABASE_URL` of its database `subscriptions` at `host`, with `query` appended.
    public func url(host: String = "127.0.0.1", query: String = "") -> String {
        "postgres://subscriptions:subscriptions-local-dev@\(host):\(port)/subscriptions" + (query.isEmpty ? "" : "?\(query)")
    }

    /// Runs `body` with the server started, then stops it and deletes its directory.
    public func use<Result>(_ body: (PrivatePostgresServer) async throws -> Result) async throws -> Result {
        let script = ScriptRun.repositoryRoot.appending(path: "scripts/postgres-local.sh").path
        let log = FileManager.default.temporaryDirectory.appending(path: "postgres-local-\(name).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        // As root the server runs as the postgres user, which must reach the directory.
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let result: Result
        do {
            try await ScriptRun.run(["/bin/bash", script, "start", name, String(port)], environment: environment, output: log)
            result = try await body(self)
        } catch {
            try? await ScriptRun.run(["/bin/bash", script, "reset", name], environment: environment)
            try? FileManager.default.removeItem(at: base)
            throw error
        }
        try await ScriptRun.run(["/bin/bash", script, "reset", name], environment: environment)
        try? FileManager.default.removeItem(at: base)
        return result
    }
}
