import AMQPClient
import Foundation
import Hummingbird

/// `GET /v1/status`, operator key only: the console's health panel (``ConsoleStatusResponse``).
extension ProducerRoutes {
    /// A consumer is stale after this many seconds without a report (three default intervals).
    static let consumerStaleAfter: TimeInterval = 15

    static func addStatus(to router: some RouterMethods<Context>, console: ConsoleBackend) {
        router.get("v1/status") { _, _ in
            let dispatcher = console.dispatcher
            let names = dispatcher.topology.names
            async let commands = queue(names.commandsQueue, on: dispatcher.connection)
            async let deadLetter = queue(names.deadLetterQueue, on: dispatcher.connection)
            let now = Date()
            let body = ConsoleStatusResponse(
                now: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)),
                producer: .init(ready: dispatcher.isReady, brokerConnected: dispatcher.connection.isConnected),
                queues: .init(commands: await commands, deadLetter: await deadLetter),
                consumers: console.statusBoard.snapshot().map { .init($0, now: now, staleAfter: consumerStaleAfter) })
            return Response(HTTPReply(status: 200, json: body))
        }
    }

    private static func queue(_ name: String, on connection: AMQPConnection) async -> ConsoleStatusResponse.Queue {
        do {
            let state = try await connection.inspect(queue: name)
            return .init(name: name, messages: state.messageCount, consumers: state.consumerCount)
        } catch {
            return .init(name: name, error: "\(error)")
        }
    }
}
