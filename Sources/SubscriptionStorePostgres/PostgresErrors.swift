import PostgresNIO

/// How the PostgreSQL store classifies errors (SQLSTATE codes, postgres-nio's client codes).
enum PostgresErrors {
    /// The SQLSTATE of a server error, e.g. `40P01`.
    static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// Aborted by a concurrent transaction: a serialization failure (`40001`), a deadlock
    /// (`40P01`) or a unique violation (`23505`: another replica inserted the same key first).
    /// Running the transaction again sees the other's commit.
    static func isTransient(_ error: any Error) -> Bool {
        guard let state = sqlState(error) else { return false }
        return state == "40001" || state == "40P01" || state == "23505"
    }

    /// The server cannot be reached or cannot work now: no connection (client codes), a
    /// connection exception (`08…`), insufficient resources (`53…`: disk full, too many
    /// connections), an operator intervention (`57…`: shutdown), a system error (`58…`), a lock
    /// not available (`55P03`), or a deadlock or serialization failure that kept happening. A
    /// unique violation is not an outage: after its retries it is a fault of the transaction.
    static func isOutage(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else {
            // Connecting fails with NIO's errors (connection refused, no route); a wait that
            // ran out closed its connection.
            return error is IOError || error is ChannelError || error is PostgresWaitTimeout
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            return true
        case .server:
            guard let state = sqlState(error) else { return false }
            return ["08", "53", "57", "58"].contains(String(state.prefix(2))) || ["55P03", "40001", "40P01"].contains(state)
        default:
            return false
        }
    }
}
