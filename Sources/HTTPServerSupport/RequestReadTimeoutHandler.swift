import NIOCore
import NIOHTTP1

/// Closes a connection whose request body does not arrive within the read timeout once the
/// request's head has (``HTTPServerLimits/readTimeout``): a client sending its body a byte at
/// a time holds no connection for ever. The time before the head is Hummingbird's idle timeout.
final class RequestReadTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let timeout: TimeAmount
    private var scheduled: Scheduled<Void>?

    init(timeout: Duration) {
        self.timeout = TimeAmount(timeout)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            scheduled?.cancel()
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            scheduled = context.eventLoop.scheduleTask(in: timeout) { loopBound.value.close(promise: nil) }
        case .end:
            scheduled?.cancel()
            scheduled = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        scheduled?.cancel()
        scheduled = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        scheduled?.cancel()
        scheduled = nil
        context.fireChannelInactive()
    }
}
