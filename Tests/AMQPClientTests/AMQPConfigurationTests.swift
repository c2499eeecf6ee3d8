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
}
