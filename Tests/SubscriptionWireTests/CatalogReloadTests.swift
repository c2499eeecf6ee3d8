import Foundation
import Logging
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionWire
import Testing

@Suite struct CatalogReloadTests {
    /// Writes `text` to a fresh temporary file and returns its path.
    static func temporaryFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func exampleText() throws -> String {
        try String(contentsOfFile: exampleCatalogPath, encoding: .utf8)
    }

    @Test("a catalog file with a bad entry is refused at start with the file and the entry")
    func badFileAtStart() throws {
        let catalog = try exampleCatalog()
        let index = try #require(catalog.products.firstIndex { $0.productId == "news.basic.monthly" })
        let price = try #require(catalog.products[index].prices["USA"]?.price.rawValue)
        let text = try Self.exampleText()
        try #require(text.components(separatedBy: "\"price\": \(price) ").count == 2, "the USA price must be unique")
        let path = try Self.temporaryFile(text.replacingOccurrences(of: "\"price\": \(price) ", with: "\"price\": 0 "))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try EngineCommandHandler(catalogPath: path, logger: Logger(label: "test"))
            Issue.record("a zero price was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.contains(path))
            #expect(message.contains("products[\(index)].prices.USA.price"))
        }
    }

    @Test("a missing catalog file is refused at start, naming it")
    func missingFile() {
        #expect(throws: CatalogLoadingError.self) {
            _ = try EngineCommandHandler(catalogPath: "/nonexistent/catalog.json", logger: Logger(label: "test"))
        }
    }

    @Test("reload_catalog reads the configured file and reports its counts")
    func reloadConfigured() throws {
        let bench = try Bench()
        let outcome = try bench.send(.reloadCatalog(.init()))
        #expect(outcome.reply.status == .ok)
        guard case .reloadCatalog(let result)? = outcome.reply.result else {
            Issue.record("expected a reload_catalog result, got \(outcome.reply)")
            return
        }
        let catalog = try exampleCatalog()
        #expect(Int(result.productCount) == catalog.products.count + catalog.advancedCommerce.count)
        #expect(Int(result.storefrontCount) == Set(catalog.products.flatMap(\.prices.keys)).count)
        #expect(result.catalogVersion.count == 16)
    }

    @Test("reload_catalog from another source swaps the catalog the next command sees")
    func reloadFromSource() throws {
        let bench = try Bench()
        #expect(try bench.purchase("news.basic.monthly").reply.status == .ok)
        let text = try Self.exampleText().replacingOccurrences(of: "\"news.basic.monthly\"", with: "\"news.lite.monthly\"")
        let path = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reload = try bench.send(.reloadCatalog(.with { $0.source = "file://\(path)" }))
        #expect(reload.reply.status == .ok)
        #expect(try bench.purchase("news.lite.monthly", customer: "bob").reply.status == .ok)
        #expect(try bench.purchase("news.basic.monthly", customer: "carol").reply.status == .notFound)
    }

    @Test("reload_catalog with a bad file keeps the old catalog and answers FAILED_PRECONDITION naming the entry")
    func reloadBadFile() throws {
        let bench = try Bench()
        let path = try Self.temporaryFile("{\"app\": 1}")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try bench.send(.reloadCatalog(.with { $0.source = path }))
        #expect(outcome.reply.status == .failedPrecondition)
        #expect(outcome.reply.error.field == "source")
        #expect(outcome.reply.error.message.contains(path))
        #expect(outcome.reply.error.message.contains("app"))
        #expect(try bench.purchase("news.basic.monthly").reply.status == .ok)
    }
}
