import GRDB

extension SubscriptionDatabase {
    /// Whether `error` says the database cannot be written now rather than that the
    /// transaction is wrong: the disk is full (`SQLITE_FULL`), an I/O error (`SQLITE_IOERR`),
    /// or another connection holds the lock (`SQLITE_BUSY`, `SQLITE_LOCKED`). The same
    /// transaction can succeed once the outage is over, so the consumer waits and commits it
    /// again instead of handing its commands back to the broker (docs/consumer.md, "Failures").
    public static func isOutage(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        switch error.resultCode {
        case .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_BUSY, .SQLITE_LOCKED: return true
        default: return false
        }
    }
}
