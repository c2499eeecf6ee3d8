import SubscriptionConsumer
import Testing

@Suite("Where the consumer finds its catalog")
struct CatalogLocationTests {
    static func location(existing: Set<String>, executable: String = "/opt/subs/bin/subscriptions-consumer") -> CatalogLocation {
        CatalogLocation(executablePath: executable, workingDirectory: "/home/op") { existing.contains($0) }
    }

    @Test("without CATALOG_PATH the installed share directory wins, then /etc/subscriptions")
    func installedPlaces() throws {
        let both: Set = ["/opt/subs/share/subscriptions/catalog.json", "/etc/subscriptions/catalog.json"]
        #expect(try Self.location(existing: both).resolve(configured: nil) == "/opt/subs/share/subscriptions/catalog.json")
        #expect(try Self.location(existing: ["/etc/subscriptions/catalog.json"]).resolve(configured: nil)
            == "/etc/subscriptions/catalog.json")
    }

    @Test("a binary built in a checkout finds the checkout's example catalog from any working directory")
    func checkout() throws {
        let location = Self.location(
            existing: ["/src/subs/Package.swift", "/src/subs/Config/catalog.example.json"],
            executable: "/src/subs/.build/x86_64-unknown-linux-gnu/debug/subscriptions-consumer")
        #expect(try location.resolve(configured: nil) == "/src/subs/Config/catalog.example.json")
    }

    @Test("nothing found: the error names every place searched")
    func notFound() {
        let error = #expect(throws: CatalogNotFoundError.self) {
            try Self.location(existing: []).resolve(configured: nil)
        }
        let text = error?.description ?? ""
        #expect(text.contains("/opt/subs/share/subscriptions/catalog.json"))
        #expect(text.contains("/etc/subscriptions/catalog.json"))
        #expect(text.contains("no source checkout (Package.swift) above /opt/subs/bin"))
        #expect(text.contains("CATALOG_PATH"))
    }

    @Test("CATALOG_PATH wins; a relative one is taken from the working directory, and the error says which")
    func configured() throws {
        let location = Self.location(existing: ["/home/op/my.json", "/etc/subscriptions/catalog.json"])
        #expect(try location.resolve(configured: "my.json") == "/home/op/my.json")
        let error = #expect(throws: CatalogNotFoundError.self) { try location.resolve(configured: "other.json") }
        #expect(error?.description == "CATALOG_PATH=other.json: no catalog file at /home/op/other.json (relative to the working directory /home/op)")
    }
}
