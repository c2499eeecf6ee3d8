import ServiceConfiguration
import SubscriptionProducer
import Testing

@Suite("Producer configuration from the environment")
struct ProducerConfigurationTests {
    @Test("variables override the defaults; empty ones keep them")
    func overrides() throws {
        let configuration = try ProducerConfiguration(environment: [
            "AMQP_URL": "amqp://u:p@broker:5672/", "HTTP_HOST": "0.0.0.0", "HTTP_PORT": "9000", "REPLY_TIMEOUT": "2.5",
            "LOG_LEVEL": "DEBUG", "BUS_PREFIX": "staging", "PREFETCH": "",
        ])
        #expect(configuration.amqpURL == "amqp://u:p@broker:5672/")
        #expect(configuration.httpHost == "0.0.0.0")
        #expect(configuration.httpPort == 9000)
        #expect(configuration.replyTimeout == .milliseconds(2500))
        #expect(configuration.logLevel == .debug)
        #expect(configuration.topology.commandsQueue == "staging.commands")
        #expect(try ProducerConfiguration(environment: ["HTTP_PORT": ""]).httpPort == 8080)
    }

    @Test("an invalid value names the variable and what was expected", arguments: [
        ("LOG_LEVEL", "loud"), ("HTTP_PORT", "0"), ("HTTP_PORT", "http"), ("REPLY_TIMEOUT", "-1"), ("REPLY_TIMEOUT", "soon"),
    ])
    func invalid(variable: String, value: String) {
        let error = #expect(throws: ConfigurationError.self) {
            try ProducerConfiguration(environment: [variable: value])
        }
        #expect(error?.variable == variable)
        #expect(error?.description.contains(value) == true)
    }
}
