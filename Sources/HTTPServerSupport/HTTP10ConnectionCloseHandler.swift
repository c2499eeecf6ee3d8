import NIOCore
import NIOHTTP1

/// Closes a connection after the response to a request that is not keep-alive, as HTTP/1.0
/// expects (RFC 9112, section 9.3: an HTTP/1.0 connection persists only when the request says
/// `Connection: keep-alive`).
///
/// Hummingbird converts requests to Swift HTTP Types, which carry no version, and closes a
/// connection after answering only a request whose `Connection` header is exactly `close`. So it
/// kept HTTP/1.0 connections open, and a client that waits for the close to end a response
/// (ApacheBench, `ab`) hung on every request. This handler sits between NIO's HTTP/1 decoder and
/// that conversion, where the version is still known: a request that is not keep-alive (NIO's
/// `isKeepAlive`: HTTP/1.0 without `Connection: keep-alive`, or any request with
/// `Connection: close`) goes on with exactly `Connection: close`, and its response says so too.
/// The response to an HTTP/1.0 request that asked to be kept alive says `Connection: keep-alive`
/// (such a client, `ab -k`, otherwise takes the connection for closing and waits).
public final class HTTP10ConnectionCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart
    public typealias OutboundIn = HTTPServerResponsePart
    public typealias OutboundOut = HTTPServerResponsePart

    /// What a response says about its connection.
    private enum ConnectionHeader {
        /// Nothing added: HTTP/1.1 keeps the connection alive by default.
        case unchanged
        /// `Connection: close`: the server closes the connection after it.
        case close
        /// `Connection: keep-alive`: an HTTP/1.0 client that asked for it keeps the connection.
        case keepAlive
    }

    /// For each request read and not answered yet, oldest first: what its response says.
    private var pending: [ConnectionHeader] = []

    /// A handler for one connection.
    public init() {}

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        if !head.isKeepAlive {
            head.headers.replaceOrAdd(name: "connection", value: "close")
            pending.append(.close)
        } else {
            pending.append(head.version == .http1_0 ? .keepAlive : .unchanged)
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // An informational response (1xx) comes before the final one to the same request.
        guard case .head(var head) = unwrapOutboundIn(data), head.status.code >= 200, !pending.isEmpty else {
            context.write(data, promise: promise)
            return
        }
        switch pending.removeFirst() {
        case .unchanged:
            context.write(data, promise: promise)
        case .close:
            head.headers.replaceOrAdd(name: "connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .keepAlive:
            // Unless the server decided to close it anyway (a response that says `close`).
            if head.isKeepAlive { head.headers.replaceOrAdd(name: "connection", value: "keep-alive") }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        }
    }
}
