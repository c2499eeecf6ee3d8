import ServiceConfiguration
import SubscriptionConsumer
import Testing

@Suite("Consumer configuration from the environment")
struct ConsumerConfigurationTests {
    @Test("variables override the defaults")
    func overrides() throws {
        let configuration = try ConsumerConfiguration(environment: [
            "AMQP_URL": "amqp://u:p@broker:5672/", "BUS_PREFIX": "staging", "HTTP_PORT": "9000",
            "DATABASE_PATH": "/data/s.sqlite", "CATALOG_PATH": "/etc/c.json", "CLOCK": "manual", "PREFETCH": "8",
            "LOG_LEVEL": "debug",
        ])
        #expect(configuration.amqpURL == "amqp://u:p@broker:5672/")
        #expect(configuration.names.commandsQueue == "staging.commands")
        #expect(configuration.httpPort == 9000)
        #expect(configuration.databasePath == "/data/s.sqlite")
        #expect(configuration.catalogPath == "/etc/c.json")
        #expect(configuration.clock == .manual)
        #expect(configuration.prefetch == 8)
        #expect(configuration.logLevel == .debug)
    }

    @Test("an invalid value names the variable and what was expected", arguments: [
        ("CLOCK", "sometimes"), ("HTTP_PORT", "70000"), ("PREFETCH", "0"), ("PREFETCH", "many"), ("LOG_LEVEL", "loud"),
    ])
    func invalid(variable: String, value: String) {
        let error = #expect(throws: ConfigurationError.self) {
            try ConsumerConfiguration(environment: [variable: value])
        }
        #expect(error?.variable == variable)
        #expect(error?.description.contains(value) == true)
    }
}
