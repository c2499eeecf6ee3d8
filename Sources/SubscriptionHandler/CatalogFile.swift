import Foundation
import SubscriptionEngine
import SubscriptionWire

/// Why a catalog file could not be used: the file and what is wrong with it (for a bad
/// entry, its JSON path, e.g. `products[3].prices.USA.price: must be > 0`).
public struct CatalogLoadingError: Error, CustomStringConvertible, Sendable {
    /// Whether the file could not be read, or was read and is not a valid catalog.
    public enum Kind: Sendable {
        /// The file does not exist or cannot be read.
        case unreadable
        /// The file is not a valid catalog.
        case invalid
    }

    /// The catalog file.
    public var path: String
    /// Unreadable or invalid.
    public var kind: Kind
    /// What went wrong, in plain words, without the path.
    public var reason: String

    public var description: String { "catalog \(path): \(reason)" }
}

/// A catalog read from a file, with what `ReloadCatalogReply` reports about it.
struct CatalogFile: Sendable {
    var catalog: Catalog
    /// FNV-1a 64 of the file's bytes, in hex: changes whenever the file does.
    var version: String

    /// Reads and decodes the catalog at `path`.
    init(path: String) throws(CatalogLoadingError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path)
                ? "cannot be read (permissions, or it is a directory)" : "does not exist"
            throw CatalogLoadingError(path: path, kind: .unreadable, reason: reason)
        }
        do {
            catalog = try Catalog.decode(fromJSON: data)
        } catch {
            throw CatalogLoadingError(path: path, kind: .invalid, reason: error.description)
        }
        version = Self.fingerprint(data)
    }

    init(catalog: Catalog, version: String) {
        self.catalog = catalog
        self.version = version
    }

    /// Products of both kinds.
    var productCount: Int { catalog.products.count + catalog.advancedCommerce.count }

    /// Storefronts with at least one price.
    var storefrontCount: Int { Set(catalog.products.flatMap(\.prices.keys)).count }

    static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
