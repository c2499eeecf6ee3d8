import Hummingbird
import ServiceLifecycle
import SubscriptionCommands

/// `GET /v1/events/stream`: the events exchange as server-sent events (`text/event-stream`),
/// operator key only. The console reads it with `fetch` and a streaming body, which can send
/// the `Authorization` header `EventSource` cannot (docs/console.md, "Live events"). Frames:
/// `event: ready` once every later event will arrive, then `event: notification` with an `id`
/// that grows by one per event (a gap is an event this stream dropped, being too slow), and a
/// comment line every 15 s. The stream ends when the client goes, the producer shuts down, or
/// the `seconds` of the query string pass.
extension ProducerRoutes {
    /// The longest `seconds` a stream may ask for.
    static let maximumStreamSeconds = 86_400

    static func addLiveEvents(to router: some RouterMethods<Context>, hub: LiveEventHub) {
        router.get("v1/events/stream") { request, _ in
            let seconds: Int?
            let values = request.uri.queryParameters[values: "seconds"]
            if let text = values.first {
                guard values.count == 1, let value = Int(text), (1...maximumStreamSeconds).contains(value) else {
                    return Response(HTTPReply(RequestProblem.invalid(
                        "seconds", "must be one whole number from 1 to \(maximumStreamSeconds), got \"\(text.prefix(40))\"")))
                }
                seconds = value
            } else {
                seconds = nil
            }
            let subscription = hub.subscribe()
            var headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"]
            headers[HeaderField.Name("X-Accel-Buffering")!] = "no"  // a valid header name literal
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    await withTaskGroup(of: Void.self) { group in
                        if let seconds {
                            // Ends the stream: closing the subscription finishes its frames.
                            group.addTask {
                                try? await Task.sleep(for: .seconds(seconds))
                                if !Task.isCancelled { hub.unsubscribe(subscription.id) }
                            }
                        }
                        do {
                            for await frame in subscription.frames.cancelOnGracefulShutdown() {
                                try await writer.write(ByteBuffer(string: frame))
                            }
                        } catch {
                            // The client went away: nothing to answer.
                        }
                        group.cancelAll()
                    }
                    hub.unsubscribe(subscription.id)
                    try? await writer.finish(nil)
                })
        }
    }
}
