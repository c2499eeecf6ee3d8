import AMQPClient
import Hummingbird
import Prometheus
import SubscriptionStore

/// `/health` (readiness: broker connected and store open), `/health/live` (the process
/// answers) and `/metrics` (Prometheus text).
enum ConsumerRoutes {
    static func router(
        connection: AMQPConnection, database: SubscriptionDatabase, registry: PrometheusCollectorRegistry
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
