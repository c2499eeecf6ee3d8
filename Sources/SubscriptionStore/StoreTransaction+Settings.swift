import Foundation
import GRDB

extension StoreTransaction {
    /// A stored setting (e.g. the test clock's time), or nil.
    public func setting(_ name: String) throws -> String? {
        try String.fetchOne(statement("SELECT value FROM setting WHERE name = ?"), arguments: [name])
    }

    /// Stores a setting.
    public func setSetting(_ name: String, to value: String) throws {
        try statement("INSERT OR REPLACE INTO setting (name, value) VALUES (?, ?)").execute(arguments: [name, value])
    }
}
