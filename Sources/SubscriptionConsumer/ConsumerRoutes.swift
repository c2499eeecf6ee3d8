import AMQPClient
import Foundation
import Hummingbird
import Prometheus
import SubscriptionStore

/// `/health` (readiness: broker connected and store open), `/health/live` (the process
/// answers), `/metrics` (Prometheus text) and `/clock` (the engine's "now": the system time,
/// or the test clock in manual mode).
enum ConsumerRoutes {
    static func router(
        connection: AMQPConnection, database: any ConsumerStore, registry: PrometheusCollectorRegistry,
        clock: ConsumerClock
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
            // A write: the manual clock is initialised on its first use.
            let now = try await database.write { try clock.now(in: $0) }
            let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
            return json(.ok, #"{"mode":"\#(clock.mode.rawValue)","now":\#(milliseconds),"iso8601":"\#(now.formatted(.iso8601))"}"#)
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

    private static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
