import AMQPClient
import Foundation
import Hummingbird
import Prometheus
import SubscriptionHandler
import SubscriptionStore
import SubscriptionWire

/// `/health` (readiness: broker connected and store open), `/health/live` (the process
/// answers), `/metrics` (Prometheus text), `/clock` (the engine's "now": the system time,
/// or the test clock in manual mode), and the operator's `/quarantine` (list) and
/// `/quarantine/{originalTransactionId}/retry` (docs/reliability.md, "Poison").
enum ConsumerRoutes {
    static func router(
        connection: AMQPConnection, database: any ConsumerStore, registry: PrometheusCollectorRegistry,
        clock: ConsumerClock, handler: EngineCommandHandler? = nil
    ) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/health/live") { _, _ in
            json(.ok, #"{"status":"alive"}"#)
        }
        router.get("/health") { _, _ in
            let broker = connection.isConnected
            let store = await database.ping()
            let body = #"{"status":"\#(broker && store ? "ready" : "unavailable")","broker":\#(broker),"store":\#(store)}"#
            return json(broker && store ? .ok : .serviceUnavailable, body)
        }
        router.get("/clock") { _, _ in
            // A read: the manual clock is started when the consumer starts (ConsumerApplication),
            // so an unauthenticated GET never takes the store's single writer.
            let now = try await database.read { try clock.currentTime(in: $0) } ?? Date()
            let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
            return json(.ok, #"{"mode":"\#(clock.mode.rawValue)","now":\#(milliseconds),"iso8601":"\#(now.formatted(.iso8601))"}"#)
        }
        router.get("/quarantine") { _, _ in
            let entries = try await database.read { try QuarantineList.entries(in: $0) }
            let items = entries.map {
                #"{"originalTransactionId":\#(quoted($0.id)),"dueAt":\#($0.quarantine.dueAt.millisecondsSince1970),"reason":\#(quoted($0.quarantine.reason))}"#
            }
            return json(.ok, #"{"quarantined":[\#(items.joined(separator: ","))]}"#)
        }
        router.post("/quarantine/:originalTransactionId/retry") { _, context in
            guard let handler else { return json(.notImplemented, #"{"error":"this consumer has no engine handler"}"#) }
            let id = try context.parameters.require("originalTransactionId")
            let lifted = try await database.write { try QuarantineList.retry(id, handler: handler, in: $0) }
            guard let lifted else { return json(.notFound, #"{"error":"subscription \#(quoted(id)) is not quarantined"}"#) }
            return json(.ok, #"{"released":\#(quoted(id)),"dueAt":\#(lifted.dueAt.millisecondsSince1970)}"#)
        }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer()))
            )
        }
        return router
    }

    /// `text` as a JSON string literal.
    private static func quoted(_ text: String) -> String {
        (try? String(decoding: JSONEncoder().encode(text), as: UTF8.self)) ?? #""""#
    }

    private static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
