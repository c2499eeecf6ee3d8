import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP/1.1 keep-alive connection to the producer, one request at a time (as wrk and a
/// service's connection pool use it): the HTTP rows of `subscriptions-load front`.
final class HTTPLoadConnection: FrontDoorConnection {
    private let channel: any Channel
    private let authorization: String

    /// A connection to `127.0.0.1:port` sending `Authorization: Bearer token`.
    static func connect(port: Int, token: String) async throws -> HTTPLoadConnection {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ExchangeHandler())
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return HTTPLoadConnection(channel: channel, token: token)
    }

    private init(channel: any Channel, token: String) {
        self.channel = channel
        authorization = "Bearer \(token)"
    }

    func send(_ request: FrontDoorRequest) async throws -> FrontDoorAnswer {
        let (method, path, body) = request.http
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
        head.headers.add(name: "Host", value: "127.0.0.1")
        head.headers.add(name: "Authorization", value: authorization)
        if let key = request.idempotencyKey { head.headers.add(name: "Idempotency-Key", value: key) }
        if let body {
            head.headers.add(name: "Content-Type", value: "application/json")
            head.headers.add(name: "Content-Length", value: String(body.utf8.count))
        }
        let answer = channel.eventLoop.makePromise(of: FrontDoorAnswer.self)
        channel.writeAndFlush(Exchange(head: head, body: body.map { ByteBuffer(string: $0) }, answer: answer), promise: nil)
        return try await answer.futureResult.get()
    }

    func close() async {
        try? await channel.close()
    }

    /// A request and the promise its response completes.
    struct Exchange: Sendable {
        var head: HTTPRequestHead
        var body: ByteBuffer?
        var answer: EventLoopPromise<FrontDoorAnswer>
    }

    /// Writes an ``Exchange``'s request and completes its promise with the response (on the
    /// connection's event loop: no task per part).
    final class ExchangeHandler: ChannelDuplexHandler {
        typealias InboundIn = HTTPClientResponsePart
        typealias OutboundIn = Exchange
        typealias OutboundOut = HTTPClientRequestPart

        private var pending: EventLoopPromise<FrontDoorAnswer>?
        private var status = 0
        private var received = ByteBuffer()

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            let exchange = unwrapOutboundIn(data)
            pending = exchange.answer
            status = 0
            received.clear()
            context.write(wrapOutboundOut(.head(exchange.head)), promise: nil)
            if let body = exchange.body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
            context.write(wrapOutboundOut(.end(nil)), promise: promise)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let response): status = Int(response.status.code)
            case .body(var bytes): received.writeBuffer(&bytes)
            case .end:
                let original = status == 200 ? originalTransactionId(in: received) : nil
                let answer = FrontDoorAnswer(ok: (200..<300).contains(status), bytes: received.readableBytes, originalTransactionId: original)
                pending?.succeed(answer)
                pending = nil
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            pending?.fail(FrontDoorLoadError("the producer closed the connection"))
            pending = nil
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            pending?.fail(error)
            pending = nil
            context.close(promise: nil)
        }
    }
}

/// The `originalTransactionId` of our JSON answers (a plain field), without a JSON parser.
func originalTransactionId(in body: ByteBuffer) -> String? {
    let marker = Array(#""originalTransactionId":""#.utf8)
    return body.withUnsafeReadableBytes { bytes -> String? in
        var index = 0
        while index + marker.count < bytes.count {
            if bytes[index] == marker[0], marker.indices.allSatisfy({ bytes[index + $0] == marker[$0] }) {
                let start = index + marker.count
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            index += 1
        }
        return nil
    }
}
