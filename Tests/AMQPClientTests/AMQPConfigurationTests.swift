import Testing
@testable import AMQPClient

@Suite("AMQP URLs")
struct AMQPConfigurationTests {
    @Test("a full amqp URL gives host, port, credentials and virtual host")
    func fullURL() throws {
        let configuration = try AMQPConfiguration(url: "amqp://app:s%40cret@broker.internal:5673/orders")
        #expect(configuration.host == "broker.internal")
        #expect(configuration.port == 5673)
        #expect(configuration.user == "app")
        #expect(configuration.password == "s@cret")
        #expect(configuration.virtualHost == "orders")
        #expect(configuration.tls == false)
    }

    @Test("defaults: port by scheme, guest credentials, virtual host /")
    func defaults() throws {
        let plain = try AMQPConfiguration(url: "amqp://localhost")
        #expect(plain.port == 5672)
        #expect(plain.user == "guest" && plain.password == "guest")
        #expect(plain.virtualHost == "/")
        let secure = try AMQPConfiguration(url: "amqps://localhost/")
        #expect(secure.port == 5671)
        #expect(secure.tls)
    }

    @Test("%2F is the virtual host /")
    func encodedSlash() throws {
        #expect(try AMQPConfiguration(url: "amqp://h/%2F").virtualHost == "/")
        #expect(try AMQPConfiguration(url: "amqp://h/a%2Fb").virtualHost == "a/b")
    }

    @Test(
        "bad URLs are refused with a message naming the problem",
        arguments: [
            ("http://localhost", "scheme 'http'"),
            ("amqp://", "has no host"),
            ("amqp://h:70000/", "70000"),
            ("amqp://h/a/b", "one percent-encoded segment"),
            ("not a url", "is not a URL"),
        ]
    )
    func badURLs(url: String, expected: String) {
        #expect {
            try AMQPConfiguration(url: url)
        } throws: { error in
            guard let error = error as? AMQPError else { return false }
            return error.code == .invalidURL && error.message.contains(expected)
        }
    }

    @Test("the redacted URL hides the password")
    func redacted() throws {
        let configuration = try AMQPConfiguration(url: "amqp://u:topsecret@h:1/v")
        #expect(!configuration.redactedURL.contains("topsecret"))
        #expect(configuration.redactedURL == "amqp://u:***@h:1/v")
    }

    @Test("comma-separated URLs are the endpoints in order, spaces around commas ignored; host and port are the first's")
    func severalURLs() throws {
        let configuration = try AMQPConfiguration(
            url: "amqp://a:pw@node-1:5710/%2F, amqp://b:pw@node-2:5711/orders ,amqps://node-3")
        #expect(configuration.endpoints.map(\.address) == ["node-1:5710", "node-2:5711", "node-3:5671"])
        #expect(configuration.endpoints.map(\.user) == ["a", "b", "guest"])
        #expect(configuration.endpoints.map(\.virtualHost) == ["/", "orders", "/"])
        #expect(configuration.endpoints.map(\.tls) == [false, false, true])
        #expect(configuration.host == "node-1" && configuration.port == 5710)
        #expect(configuration.redactedURL == "amqp://a:***@node-1:5710/%2F,amqp://b:***@node-2:5711/orders,amqps://guest:***@node-3:5671/%2F")
    }

    @Test(
        "a bad entry of a list is refused, naming the entry by position and what is wrong with it",
        arguments: [
            ("amqp://n1:5710/,amqp://n2:70000/", "entry 2 of 2 in the AMQP URL list: port 70000"),
            ("http://n1/,amqp://n2/,amqp://n3/", "entry 1 of 3 in the AMQP URL list: scheme 'http'"),
            ("amqp://n1/,,amqp://n3/", "entry 2 of 3 in the AMQP URL list is empty"),
            ("amqp://n1/,", "entry 2 of 2 in the AMQP URL list is empty"),
            ("amqp://n1/, amqp://", "entry 2 of 2 in the AMQP URL list: 'amqp://' has no host"),
        ]
    )
    func badEntries(url: String, expected: String) {
        #expect {
            try AMQPConfiguration(url: url)
        } throws: { error in
            guard let error = error as? AMQPError else { return false }
            return error.code == .invalidURL && error.message.contains(expected)
        }
    }

    @Test("the password of a bad entry is not in the message")
    func badEntryRedacted() {
        #expect {
            try AMQPConfiguration(url: "amqp://n1/,amqp://u:topsecret@n2:99999/")
        } throws: { error in
            guard let error = error as? AMQPError else { return false }
            return error.message.contains("entry 2 of 2") && !error.message.contains("topsecret")
        }
    }
}
