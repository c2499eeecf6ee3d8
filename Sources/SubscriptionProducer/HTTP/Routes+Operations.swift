import Hummingbird
import Prometheus

/// Health, metrics and the OpenAPI document.
extension ProducerRoutes {
    static func addOperations(to router: Router<Context>, dispatcher: CommandDispatcher, registry: PrometheusCollectorRegistry) {
        router.get("health") { _, _ in
            let ready = dispatcher.isReady
            return Response(HTTPReply(
                status: ready ? 200 : 503, json: ["status": ready ? "ready" : "unavailable"]))
        }
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        router.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
    }
}
