import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

extension HTTPServerBuilder {
    /// Hummingbird's HTTP/1.1 server (`.http1()`), which also closes a connection after the
    /// response to a request that is not keep-alive, as HTTP/1.0 clients expect
    /// (``HTTP10ConnectionCloseHandler``). Both services serve HTTP with it.
    public static func http1ClosingNonKeepAlive() -> HTTPServerBuilder {
        HTTPServerBuilder { responder in HTTP1ClosingNonKeepAliveChannel(http1: HTTP1Channel(responder: responder)) }
    }
}

/// `HTTP1Channel` with ``HTTP10ConnectionCloseHandler`` put in front of the conversion to HTTP
/// types (Hummingbird adds its additional handlers after that conversion, where the version is
/// gone).
struct HTTP1ClosingNonKeepAliveChannel: ServerChildChannel {
    let http1: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(HTTP10ConnectionCloseHandler(), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
