import AMQPClient
import AppleErrorCatalog
import Foundation
import Hummingbird
import SubscriptionAPI
import SubscriptionCommands
import SubscriptionDeadLetters

/// The dead-letter queue, operator key only, with what `subscriptionsctl dlq` does
/// (SubscriptionDeadLetters): `GET /v1/deadLetters?limit=N` lists the commands with their
/// reasons and hands them all back; `POST /v1/deadLetters/replay` republishes one
/// (`{"commandId": …}`) or all (`{"all": true}`) to the commands exchange and removes them.
extension ProducerRoutes {
    /// Commands a listing shows when `limit` is not given.
    static let defaultDeadLetterLimit = 100
    /// The most a listing or a replay of all looks at.
    static let maximumDeadLetterLimit = 1000

    static func addDeadLetters(to router: some RouterMethods<Context>, console: ConsoleBackend) {
        router.get("v1/deadLetters") { request, _ in
            let limit: Int
            switch deadLetterLimit(request.uri.queryParameters[values: "limit"].map(String.init)) {
            case .success(let value): limit = value
            case .failure(let error): return Response(HTTPReply(error))
            }
            return await withDeadLetters(console, limit: limit) { batch in
                DeadLetterListResponse(queue: console.dispatcher.topology.deadLetterQueue, total: batch.queued, entries: batch.entries)
            }
        }
        router.post("v1/deadLetters/replay") { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: CommandGateway.maximumBodySize)
            let replay: DeadLetterReplayRequest
            do throws(ValidationError) {
                replay = try DeadLetterReplayRequest(validating: body.readableBytesView)
            } catch {
                return Response(HTTPReply(error))
            }
            let exchange = console.dispatcher.topology.commandsExchange
            let response = await withDeadLetters(console, limit: maximumDeadLetterLimit) { batch in
                let replayed = try await batch.replay(to: exchange) { entry in
                    switch replay.selection {
                    case .all: true
                    case .command(let id): entry.commandID == id
                    }
                }
                if case .command(let id) = replay.selection, replayed.isEmpty {
                    throw DeadLetterNotFound(commandID: id)
                }
                return DeadLetterReplayResponse(replayed: replayed.map(DeadLetterView.init))
            }
            return response
        }
    }

    /// `limit` of the query string: 1…1000, default 100.
    static func deadLetterLimit(_ values: [String]) -> Result<Int, ValidationError> {
        guard let text = values.first else { return .success(defaultDeadLetterLimit) }
        guard values.count == 1, let limit = Int(text), (1...maximumDeadLetterLimit).contains(limit) else {
            return .failure(RequestProblem.invalid(
                "limit", "must be one whole number from 1 to \(maximumDeadLetterLimit), got \"\(values.joined(separator: ",").prefix(40))\""))
        }
        return .success(limit)
    }

    /// Runs `body` over up to `limit` dead-lettered commands on the producer's connection and
    /// answers its value as JSON; 503 without a broker, 404 for a replay of an unknown id.
    private static func withDeadLetters(
        _ console: ConsoleBackend, limit: Int, _ body: @escaping @Sendable (DeadLetterBatch) async throws -> some Encodable & Sendable
    ) async -> Response {
        let dispatcher = console.dispatcher
        guard dispatcher.isReady else {
            return Response(HTTPReply(.serviceUnavailable, message: "the message broker is not connected; retry later"))
        }
        do {
            let value = try await DeadLetterBatch.with(
                connection: dispatcher.connection, queue: dispatcher.topology.deadLetterQueue, limit: limit, quiet: .milliseconds(500),
                body)
            return Response(HTTPReply(status: 200, json: value))
        } catch let missing as DeadLetterNotFound {
            return Response(HTTPReply(.deadLetterNotFound, message: "no dead-lettered command '\(missing.commandID.prefix(128))'"))
        } catch {
            return Response(HTTPReply(.serviceUnavailable, message: "the dead-letter queue could not be read: \(error)"))
        }
    }
}

/// A replay named a command the dead-letter queue does not hold.
struct DeadLetterNotFound: Error {
    var commandID: String
}

/// One dead-lettered command in our JSON.
struct DeadLetterView: Encodable, Sendable {
    var commandId: String
    /// The routing key it was published with, e.g. `subscriptions.v1.SubscriptionCommands/Purchase`.
    var routingKey: String
    /// The method: the routing key's last part, e.g. `Purchase`.
    var method: String
    var reason: String
    var message: String
    var size: Int
    /// When the command was issued, ms since 1970.
    var issuedAt: Int64?

    init(_ entry: DeadLetterEntry) {
        commandId = entry.commandID
        routingKey = entry.routingKey
        method = entry.routingKey.split(separator: "/").last.map(String.init) ?? entry.routingKey
        reason = entry.reason
        message = entry.message
        size = entry.size
        // Any 64-bit AMQP timestamp can arrive: one beyond Int64 milliseconds is shown as none.
        issuedAt = entry.issuedAt.flatMap { Int64(exactly: ($0.timeIntervalSince1970 * 1000).rounded(.down)) }
    }
}

/// `GET /v1/deadLetters`.
struct DeadLetterListResponse: Encodable, Sendable {
    var queue: String
    /// Commands waiting in the queue when it was read (the listing shows at most `limit`).
    var total: Int
    var entries: [DeadLetterView]

    init(queue: String, total: Int, entries: [DeadLetterEntry]) {
        self.queue = queue
        self.total = total
        self.entries = entries.map(DeadLetterView.init)
    }
}

/// `POST /v1/deadLetters/replay`.
struct DeadLetterReplayResponse: Encodable, Sendable {
    var replayed: [DeadLetterView]
}
