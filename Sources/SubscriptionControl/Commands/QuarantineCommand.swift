import ArgumentParser
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `quarantine list` and `quarantine retry`: the subscriptions whose due transition was refused
/// (a stored value the engine cannot compute with) or killed the consumer, held for an operator
/// (docs/reliability.md, "Poison"), through the consumer's HTTP server.
struct QuarantineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quarantine",
        abstract: "List quarantined subscriptions, or retry one (its timers fire again).",
        subcommands: [QuarantineListCommand.self, QuarantineRetryCommand.self]
    )

    /// The consumer's HTTP address.
    struct Options: ParsableArguments {
        @Option(help: "The consumer's HTTP address (env CONSUMER_URL).")
        var consumerURL = ProcessInfo.processInfo.environment["CONSUMER_URL"] ?? "http://127.0.0.1:8081"

        func request(_ path: String, method: String) async throws -> (status: Int, body: Data) {
            guard let url = URL(string: consumerURL)?.appending(path: path) else {
                throw ControlError("--consumer-url \(consumerURL) is not a URL")
            }
            var request = URLRequest(url: url)
            request.httpMethod = method
            do {
                let (data, response) = try await URLSession.shared.data(for: request)
                return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
            } catch {
                throw ControlError("cannot reach the consumer at \(url): \(error.localizedDescription)")
            }
        }
    }
}

/// `quarantine list`: `<originalTransactionId> due <instant>: <reason>`, one per line.
struct QuarantineListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the subscriptions whose timers are held for an operator.",
        discussion: """
            Reads GET /quarantine of the consumer's health and metrics server.
            Example:
              subscriptionsctl quarantine list --consumer-url http://127.0.0.1:8081
            """
    )

    @OptionGroup var options: QuarantineCommand.Options

    func run() async throws {
        let (status, data) = try await options.request("quarantine", method: "GET")
        guard status == 200, let list = try? JSONDecoder().decode(Listing.self, from: data) else {
            throw ControlError("the consumer answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        let output = ControlContext.output
        if list.quarantined.isEmpty { output.write("no quarantined subscription") }
        for entry in list.quarantined {
            let due = Date(timeIntervalSince1970: Double(entry.dueAt) / 1000).formatted(.iso8601)
            output.write("\(entry.originalTransactionId) due \(due): \(entry.reason)")
        }
    }

    /// The body of `GET /quarantine`.
    struct Listing: Decodable {
        struct Entry: Decodable {
            var originalTransactionId: String
            var dueAt: Int64
            var reason: String
        }

        var quarantined: [Entry]
    }
}

/// `quarantine retry <originalTransactionId>`: lifts the quarantine; the due transition fires
/// at the consumer's next timer transaction (and is quarantined again if it is refused again).
struct QuarantineRetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Lift a subscription's quarantine: its due transition fires again.",
        discussion: """
            Example:
              subscriptionsctl quarantine retry 2000000000000042 --consumer-url http://127.0.0.1:8081
            """
    )

    @Argument(help: "The subscription's originalTransactionId.") var originalTransactionId: String
    @OptionGroup var options: QuarantineCommand.Options

    func run() async throws {
        guard !originalTransactionId.isEmpty, originalTransactionId.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw ValidationError("originalTransactionId takes letters, digits, '-' and '_'")
        }
        let (status, data) = try await options.request("quarantine/\(originalTransactionId)/retry", method: "POST")
        guard status == 200 else {
            throw ControlError("the consumer answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        ControlContext.output.write("released \(originalTransactionId): its due transition fires again")
    }
}
