import GRPCCore
import GRPCNIOTransportHTTP2Posix
import GRPCProtobuf
import SubscriptionGRPC
import SubscriptionMessages

/// One HTTP/2 connection to the producer's gRPC front door (grpc-swift's client), one call at a
/// time, as ``HTTPLoadConnection`` for HTTP: the gRPC rows of `subscriptions-load front` (the
/// answers' sizes are not counted: encoding each reply again would cost this tool's CPU).
final class GRPCLoadConnection: FrontDoorConnection {
    private let client: GRPCClient<HTTP2ClientTransport.Posix>
    private let stub: Subscriptions_V1_SubscriptionCommands.Client<HTTP2ClientTransport.Posix>
    private let running: Task<Void, Never>
    private let authorization: Metadata

    /// A connection to `127.0.0.1:port` sending the bearer `token` as `authorization` metadata.
    init(port: Int, token: String) throws {
        let transport = try HTTP2ClientTransport.Posix(
            target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        let client = GRPCClient(transport: transport)
        self.client = client
        stub = Subscriptions_V1_SubscriptionCommands.Client(wrapping: client)
        running = Task { try? await client.runConnections() }
        authorization = ["authorization": .string("Bearer \(token)")]
    }

    func send(_ request: FrontDoorRequest) async throws -> FrontDoorAnswer {
        var metadata = authorization
        if let key = request.idempotencyKey { metadata.addString(key, forKey: "idempotency-key") }
        do {
            switch request.kind {
            case .purchase(let purchase):
                let reply = try await stub.purchase(purchase, metadata: metadata)
                return FrontDoorAnswer(
                    ok: true, bytes: 0,
                    originalTransactionId: reply.subscription.transactionInfo.originalTransactionID)
            case .statusRead(let original):
                _ = try await stub.getAllSubscriptionStatuses(.with { $0.transactionID = original }, metadata: metadata)
                return FrontDoorAnswer(ok: true, bytes: 0, originalTransactionId: nil)
            case .extend(let original):
                let reply = try await stub.extendRenewalDate(request.extendRequest(original), metadata: metadata)
                return FrontDoorAnswer(ok: reply.success, bytes: 0, originalTransactionId: nil)
            case .changePrice(let original, let product):
                _ = try await stub.changePrice(request.changePriceRequest(original, product: product), metadata: metadata)
                return FrontDoorAnswer(ok: true, bytes: 0, originalTransactionId: nil)
            }
        } catch is RPCError {
            return FrontDoorAnswer(ok: false, bytes: 0, originalTransactionId: nil)
        }
    }

    func close() async {
        client.beginGracefulShutdown()
        await running.value
    }
}
