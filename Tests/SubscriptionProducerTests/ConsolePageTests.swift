import Foundation
import Hummingbird
import HummingbirdTesting
import SubscriptionAPI
import Testing

@testable import SubscriptionProducer

/// The console's page and files (docs/console.md), without a broker: embedded in the binary,
/// equal to `Console/`, served with a strict Content-Security-Policy, and its data routes closed
/// to requests without an operator token.
@Suite("Console page")
struct ConsolePageTests {
    static let consoleDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Console")

    @Test("the embedded files equal Console/ (scripts/check-console-assets.sh --write regenerates them)")
    func embeddedFilesAreCurrent() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.consoleDirectory.path).filter { !$0.hasPrefix(".") }
        #expect(Set(ConsoleAssets.files.keys) == Set(names))
        for name in names {
            let text = try String(contentsOf: Self.consoleDirectory.appendingPathComponent(name), encoding: .utf8)
            #expect(ConsoleAssets.files[name]?.body == String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)), "\(name) differs")
        }
    }

    @Test("the page loads only this origin's scripts and styles: no inline script, no external URL")
    func selfContained() throws {
        for (name, asset) in ConsoleAssets.files {
            // The SVG namespace is a name, not an address: nothing is fetched from it.
            let body = asset.body.replacingOccurrences(of: "\"http://www.w3.org/2000/svg\"", with: "")
            #expect(!body.contains("http://") && !body.contains("https://"), "\(name) names an external URL")
            #expect(!asset.body.contains("innerHTML"), "\(name) writes HTML from data")
        }
        let page = try #require(ConsoleAssets.files["index.html"]?.body)
        #expect(!page.contains("<script>") && page.contains(#"<script type="module" src="/console/main.js"></script>"#))
    }

    @Test("GET /console and its files answer with their content types and a strict Content-Security-Policy; an unknown file is 404")
    func served() async throws {
        try await HTTPSurfaceTests.withRouter { client in
            let page = try await client.execute(uri: "/console", method: .get, headers: [.authorization: ""])
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let policy = try #require(page.headers[HeaderField.Name("Content-Security-Policy")!])
            #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"))
            #expect(String(buffer: page.body).contains("<title>Subscriptions console</title>"))
            let script = try await client.execute(uri: "/console/timeline.js", method: .get, headers: [.authorization: ""])
            #expect(script.status == .ok && script.headers[.contentType] == "text/javascript; charset=utf-8")
            let missing = try await client.execute(uri: "/console/secrets.txt", method: .get, headers: [.authorization: ""])
            #expect(missing.status == .notFound)
            #expect(try HTTPSurfaceTests.error(missing).errorCode == 4_049_000)
        }
    }

    @Test("the console's data routes need a token", arguments: [
        "/v1/status", "/v1/deadLetters", "/v1/events/stream", "/v1/subscriptions/1/history", "/v1/customers/alice/history",
    ])
    func dataNeedsToken(path: String) async throws {
        try await HTTPSurfaceTests.withRouter { client in
            let response = try await client.execute(uri: path, method: .get, headers: [.authorization: ""])
            #expect(response.status == .unauthorized)
        }
    }

    @Test("bad parameters of the console's routes are refused naming them, without a broker")
    func badParameters() async throws {
        try await HTTPSurfaceTests.withRouter { client in
            for (uri, name) in [("/v1/events/stream?seconds=0", "seconds"), ("/v1/deadLetters?limit=1001", "limit")] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest)
                #expect(try HTTPSurfaceTests.error(response).errorMessage.hasPrefix("\(name): "))
            }
            let replay = try await client.execute(uri: "/v1/deadLetters/replay", method: .post, body: ByteBuffer(string: "{}"))
            #expect(replay.status == .badRequest)
            #expect(try HTTPSurfaceTests.error(replay).errorMessage.contains("commandId"))
        }
    }
}
