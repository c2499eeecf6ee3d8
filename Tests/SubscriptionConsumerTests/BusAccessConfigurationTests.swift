import AMQPClient
import Foundation
import ServiceConfiguration
import SubscriptionConsumer
import SubscriptionMessages
import SubscriptionTopology
import Testing

/// The bus connection's TLS files (`AMQP_TLS_*`) and the operator command senders
/// (`OPERATOR_COMMAND_USERS`), as every program reads them (docs/amqp-client.md).
@Suite("Bus TLS files and operator command senders")
struct BusAccessConfigurationTests {
    static func pemFile() throws -> String {
        let file = FileManager.default.temporaryDirectory.appending(path: "bus-tls-\(UUID().uuidString).pem")
        try Data("placeholder".utf8).write(to: file)
        return file.path
    }

    @Test("AMQP_TLS_CA_FILE, AMQP_TLS_CERT_FILE and AMQP_TLS_KEY_FILE reach an amqps:// configuration; unset, the system's roots and no client certificate")
    func tlsFiles() throws {
        let ca = try Self.pemFile(), certificate = try Self.pemFile(), key = try Self.pemFile()
        defer { for path in [ca, certificate, key] { try? FileManager.default.removeItem(atPath: path) } }
        let consumer = try ConsumerConfiguration(environment: [
            "AMQP_URL": "amqps://u:p@broker/", "AMQP_TLS_CA_FILE": ca, "AMQP_TLS_CERT_FILE": certificate, "AMQP_TLS_KEY_FILE": key,
        ])
        #expect(consumer.tlsFiles == BusTLSFiles(caFile: ca, certificateFile: certificate, keyFile: key))
        let applied = try BusTLSFiles.configuration(
            url: "amqps://u:p@node-1/,amqps://u:p@node-2/", environment: ["AMQP_TLS_CA_FILE": ca, "AMQP_TLS_CERT_FILE": certificate, "AMQP_TLS_KEY_FILE": key])
        #expect(applied.tlsCACertificatePath == ca && applied.tlsCertificatePath == certificate && applied.tlsKeyPath == key)
        let defaults = try BusTLSFiles.configuration(url: "amqps://u:p@broker/", environment: [:])
        #expect(defaults.tlsCACertificatePath == nil && defaults.tlsCertificatePath == nil && defaults.tlsVerifyPeer)
    }

    @Test("a TLS file that cannot work is refused by name: missing, a certificate without its key, any file with an amqp:// URL")
    func tlsFileRefusals() throws {
        let pem = try Self.pemFile()
        defer { try? FileManager.default.removeItem(atPath: pem) }
        let missing = #expect(throws: ConfigurationError.self) {
            try ConsumerConfiguration(environment: ["AMQP_TLS_CA_FILE": "/nonexistent/ca.pem"])
        }
        #expect(missing?.variable == "AMQP_TLS_CA_FILE" && missing?.expected == "a readable PEM file")
        let keyless = #expect(throws: ConfigurationError.self) {
            try ConsumerConfiguration(environment: ["AMQP_TLS_CERT_FILE": pem])
        }
        #expect(keyless?.variable == "AMQP_TLS_KEY_FILE", "\(String(describing: keyless))")
        let plain = #expect(throws: ConfigurationError.self) {
            try BusTLSFiles.configuration(url: "amqps://u:p@a/,amqp://u:p@b/", environment: ["AMQP_TLS_CA_FILE": pem])
        }
        #expect(plain?.expected.contains("amqps:// URLs only (AMQP_URL has amqp://u:***@b:5672/%2F") == true, "\(String(describing: plain))")
    }

    @Test("OPERATOR_COMMAND_USERS: an operator command is refused without a user_id or from another user, applied from a listed one; other commands from anyone; unset, every user")
    func operatorSenders() throws {
        let consumer = try ConsumerConfiguration(environment: ["OPERATOR_COMMAND_USERS": " subscriptions-producer, subscriptions-operator ,"])
        let senders = consumer.operatorSenders
        #expect(senders.users == ["subscriptions-producer", "subscriptions-operator"])
        #expect(senders.refusal(of: .reloadCatalog, from: "subscriptions-operator") == nil)
        #expect(senders.refusal(of: .decideRefund, from: "subscriptions-producer") == nil)
        #expect(senders.refusal(of: .advanceTestClock, from: "subscriptions-analytics")?.contains(
            "AdvanceTestClock is an operator command and the broker user 'subscriptions-analytics' may not send it (OPERATOR_COMMAND_USERS)") == true)
        #expect(senders.refusal(of: .advanceTestClock, from: nil)?.contains("has none") == true)
        #expect(senders.refusal(of: .getTransactionInfo, from: nil) == nil)
        #expect(ConsumerConfiguration().operatorSenders.refusal(of: .reloadCatalog, from: nil) == nil)
        #expect(throws: ConfigurationError.self) { try ConsumerConfiguration(environment: ["OPERATOR_COMMAND_USERS": " , "]) }
    }

    @Test("a reply goes to a reply queue or a queue outside the bus, never to one of the bus's own queues")
    func replyQueues() {
        let names = BusNames(prefix: "subscriptions")
        for queue in ["subscriptions.replies.4f1c", "subscriptionsctl.replies.ab12", "amq.gen-Xy", "e2e.replies.1"] {
            #expect(names.acceptsReply(to: queue), "\(queue)")
        }
        for queue in ["subscriptions.commands", "subscriptions.commands.dead-letter", "subscriptions.notifier", "subscriptions.status.4f1c"] {
            #expect(!names.acceptsReply(to: queue), "\(queue)")
        }
    }

    @Test("the operator commands are the producer's operator-key routes and what only subscriptionsctl sends")
    func operatorRoutes() {
        let operatorOnly = Set(CommandRoute.allCases.filter(\.isOperatorOnly))
        #expect(operatorOnly == [
            .purchase, .switchProduct, .respondToPriceIncrease, .setAutoRenew, .reportBillingOutcome, .advanceTestClock,
            .reloadCatalog, .createTestClock, .getTestClock, .listTestClocks, .deleteTestClock, .requestCustomerRefund,
            .decideRefund, .getSubscriptionHistory, .priceChangeWhatIf, .answerRetentionMessage, .getRetentionOffer,
        ])
    }
}
