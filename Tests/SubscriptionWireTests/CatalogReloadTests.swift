import Foundation
import Logging
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionWire
import Testing

@testable import SubscriptionHandler

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

    @Test("reload_catalog re-reads the configured file: a changed file swaps the catalog the next command sees")
    func reloadChangedFile() throws {
        let path = try Self.temporaryFile(try Self.exampleText())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bench = try Bench(catalogPath: path)
        #expect(try bench.purchase("news.basic.monthly").reply.status == .ok)
        let text = try Self.exampleText().replacingOccurrences(of: "\"news.basic.monthly\"", with: "\"news.lite.monthly\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let reload = try bench.send(.reloadCatalog(.init()))
        #expect(reload.reply.status == .ok)
        #expect(try bench.purchase("news.lite.monthly", customer: "bob").reply.status == .ok)
        #expect(try bench.purchase("news.basic.monthly", customer: "carol").reply.status == .notFound)
    }

    @Test("reload_catalog refuses a source naming a file: INVALID_ARGUMENT naming source, whatever the path, and nothing is read")
    func sourceRefused() throws {
        let bench = try Bench()
        var messages: Set<String> = []
        for source in ["/etc/passwd", "/nonexistent/catalog.json", "file://\(exampleCatalogPath)"] {
            let outcome = try bench.send(.reloadCatalog(.with { $0.source = source }))
            #expect(outcome.reply.status == .invalidArgument)
            #expect(outcome.reply.error.field == "source")
            #expect(!outcome.reply.error.message.contains(source))
            messages.insert(outcome.reply.error.message)
        }
        #expect(messages.count == 1, "the answer tells nothing about which files exist")
    }

    @Test("reload_catalog of a configured file that became invalid keeps the old catalog and answers 422 in plain words, without the path")
    func reloadBadFile() throws {
        let path = try Self.temporaryFile(try Self.exampleText())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bench = try Bench(catalogPath: path)
        try Data("{\"app\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        let invalid = try bench.send(.reloadCatalog(.init()))
        #expect(invalid.reply.status == .failedPrecondition)
        #expect(invalid.reply.error.httpStatus == 422)
        #expect(invalid.reply.error.appleErrorCode == 4_229_002)
        #expect(invalid.reply.error.message.contains("is not a valid catalog"))
        #expect(invalid.reply.error.message.contains("app"))
        #expect(!invalid.reply.error.message.contains(path))
        try Data("{".utf8).write(to: URL(fileURLWithPath: path))
        let notJSON = try bench.send(.reloadCatalog(.init()))
        #expect(notJSON.reply.error.message.contains("not valid JSON"), "\(notJSON.reply.error.message)")
        try FileManager.default.removeItem(atPath: path)
        let missing = try bench.send(.reloadCatalog(.init()))
        #expect(missing.reply.error.httpStatus == 422)
        #expect(missing.reply.error.appleErrorCode == 4_229_001)
        #expect(missing.reply.error.message.contains("does not exist"))
        #expect(!missing.reply.error.message.contains(path))
        #expect(try bench.purchase("news.basic.monthly").reply.status == .ok)
    }
}
