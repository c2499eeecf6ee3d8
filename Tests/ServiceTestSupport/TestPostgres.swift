import Foundation
import Testing

/// The PostgreSQL server the tests use (`TEST_DATABASE_URL`) and whether it can be reached, so
/// suites that need it are skipped with a message naming the variable when it cannot.
///
/// A skip must never turn a CI run green: `scripts/test.sh` starts a private server
/// (scripts/postgres-local.sh) and sets `REQUIRE_POSTGRES=1`, and then the suites run anyway
/// and fail on a missing server.
public enum TestPostgres {
    /// `TEST_DATABASE_URL`, or the private server of `scripts/postgres-local.sh start subs-test-pg 5433`.
    public static var url: String {
        ProcessInfo.processInfo.environment["TEST_DATABASE_URL"]
            ?? "postgres://subscriptions:subscriptions-local-dev@127.0.0.1:5433/subscriptions"
    }

    /// Whether a missing server fails the run instead of skipping.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["REQUIRE_POSTGRES"] == "1"
    }

    /// Whether something accepts TCP connections at the URL's host and port (checked once).
    public static let isReachable: Bool = {
        guard let components = URLComponents(string: url), let host = components.host else { return false }
        return TCPProbe.accepts(host: host, port: components.port ?? 5432, timeout: .seconds(2))
    }()

    /// Whether the PostgreSQL tests run: the server answers, or it is required.
    public static var isEnabled: Bool { isReachable || isRequired }

    /// A fresh database name, unique in this run (`<prefix>_<random>`).
    public static func databaseName(_ prefix: String) -> String {
        "\(prefix)_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16))"
    }

    /// Why the PostgreSQL tests are skipped.
    public static let skipReason =
        "no PostgreSQL reachable at TEST_DATABASE_URL=\(url); start one (scripts/postgres-local.sh start subs-test-pg 5433) or set TEST_DATABASE_URL (REQUIRE_POSTGRES=1 turns this skip into a failure)"
}

extension Trait where Self == ConditionTrait {
    /// Runs the suite when the PostgreSQL server of `TEST_DATABASE_URL` is reachable (or
    /// `REQUIRE_POSTGRES=1`); otherwise skips it, saying so.
    public static var requiresPostgres: Self {
        .enabled(if: TestPostgres.isEnabled, Comment(rawValue: TestPostgres.skipReason))
    }
}
