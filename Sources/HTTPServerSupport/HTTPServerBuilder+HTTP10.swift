import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

extension HTTPServerBuilder {
    /// Hummingbird's HTTP/1.1 server (`.http1()`), which also closes a connection after the
    /// response to a request that is not keep-alive, as HTTP/1.0 clients expect
    /// (``HTTP10ConnectionCloseHandler``), within `limits` (idle and read timeouts, a connection
    /// cap: ``HTTPServerLimits``). Both services serve HTTP with it.
    public static func http1ClosingNonKeepAlive(limits: HTTPServerLimits = HTTPServerLimits()) -> HTTPServerBuilder {
        let counter = ConnectionCounter(maximum: limits.maximumConnections)
        return HTTPServerBuilder { responder in
            HTTP1ClosingNonKeepAliveChannel(
                http1: HTTP1Channel(
                    responder: responder,
                    configuration: HTTP1Channel.Configuration(idleTimeout: TimeAmount(limits.idleTimeout))),
                readTimeout: limits.readTimeout, connections: counter)
        }
    }
}


/// `HTTP1Channel` with ``HTTP10ConnectionCloseHandler`` put in front of the conversion to HTTP
/// types (Hummingbird adds its additional handlers after that conversion, where the version is
/// gone).
struct HTTP1ClosingNonKeepAliveChannel: ServerChildChannel {
    let http1: HTTP1Channel
    let readTimeout: Duration
    let connections: ConnectionCounter

    /// A connection beyond the cap is closed at once; the others get their place back when they close.
    struct TooManyConnections: Error {}

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        guard connections.acquire() else {
            logger.warning("HTTP connection refused: the server holds its maximum", metadata: ["connections.maximum": "\(connections.maximum)"])
            channel.close(promise: nil)
            return channel.eventLoop.makeFailedFuture(TooManyConnections())
        }
        channel.closeFuture.whenComplete { [connections] _ in connections.release() }
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { [readTimeout] value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let close = HTTP10ConnectionCloseHandler()
            try pipeline.addHandler(close, position: .after(decoder))
            try pipeline.addHandler(RequestReadTimeoutHandler(timeout: readTimeout), position: .after(close))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
