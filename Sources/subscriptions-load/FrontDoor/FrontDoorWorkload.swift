import ArgumentParser
import Foundation
import NIOHTTP1
import SubscriptionMessages
import SwiftProtobuf
import Synchronization

/// A connection to the front door that carries one request at a time.
protocol FrontDoorConnection: AnyObject, Sendable {
    func send(_ request: FrontDoorRequest) async throws -> FrontDoorAnswer
    func close() async
}

/// What a request came back with.
struct FrontDoorAnswer: Sendable {
    /// 2xx (HTTP) or OK (gRPC), and for an extension `success`.
    var ok: Bool
    /// The answer's size (HTTP body, gRPC message).
    var bytes: Int
    /// The new subscription of a purchase.
    var originalTransactionId: String?
}

/// Why the load tool could not go on.
struct FrontDoorLoadError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The requests of a front door run.
enum FrontDoorWorkload: String, ExpressibleByArgument, Sendable {
    /// Purchases of distinct customers (`POST /v1/purchases`, `Purchase`).
    case purchase
    /// Status reads of subscriptions bought before the run (`GET /inApps/v1/subscriptions/{id}`,
    /// `GetAllSubscriptionStatuses`).
    case read
    /// 40 % purchases, 40 % status reads, 10 % renewal-date extensions, 10 % price changes.
    case mixed
}

/// One request, the same for HTTP and gRPC.
struct FrontDoorRequest: Sendable {
    enum Kind: Sendable {
        case purchase(Subscriptions_V1_PurchaseRequest)
        case statusRead(String)
        case extend(String)
        case changePrice(String, product: String)
    }

    var kind: Kind
    /// Sent as `Idempotency-Key` (HTTP) or `idempotency-key` (gRPC) where the request has one.
    var idempotencyKey: String?

    /// Method, path and JSON body of the HTTP form.
    var http: (HTTPMethod, String, String?) {
        switch kind {
        case .purchase(let request):
            (.POST, "/v1/purchases",
             #"{"customerId":"\#(request.customerID)","productId":"\#(request.productID)","storefront":"\#(request.storefront)"}"#)
        case .statusRead(let original):
            (.GET, "/inApps/v1/subscriptions/\(original)", nil)
        case .extend(let original):
            (.PUT, "/inApps/v1/subscriptions/extend/\(original)",
             #"{"extendByDays":1,"extendReasonCode":1,"requestIdentifier":"\#(idempotencyKey ?? "")"}"#)
        case .changePrice(let original, let product):
            (.POST, "/advancedCommerce/v1/subscription/changePrice/\(original)",
             #"{"requestInfo":{"requestReferenceId":"\#(idempotencyKey ?? "")"},"items":[{"SKU":"\#(product)","price":10990}],"currency":"USD","storefront":"USA"}"#)
        }
    }

    func extendRequest(_ original: String) -> Subscriptions_V1_ExtendRenewalDateRequest {
        .with {
            $0.originalTransactionID = original
            $0.extendByDays = 1
            $0.extendReasonCode = Google_Protobuf_Int32Value(1)
            $0.requestIdentifier = idempotencyKey ?? ""
        }
    }

    func changePriceRequest(_ original: String, product: String) -> Subscriptions_V1_ChangePriceRequest {
        .with {
            $0.transactionID = original
            $0.requestInfo.requestReferenceID = idempotencyKey ?? ""
            $0.items = [.with {
                $0.sku = product
                $0.price = 10_990
            }]
            $0.currency = "USD"
            $0.storefront = "USA"
        }
    }
}

/// Makes a run's requests: purchases of customers of this run only, reads, extensions and price
/// changes of the subscriptions bought so far (chosen at random).
final class FrontDoorRequests: Sendable {
    let run = UUID().uuidString.prefix(8).lowercased()
    let workload: FrontDoorWorkload
    let product: String
    private let subscriptions = Mutex<(ids: [String], random: SplitMix64)>(([], SplitMix64(seed: UInt64.random(in: 1...UInt64.max))))

    init(workload: FrontDoorWorkload, product: String) {
        self.workload = workload
        self.product = product
    }

    /// A purchase by the `index`-th customer of this run (`label` keeps runs of one process apart).
    func purchase(_ index: Int, label: String = "p") -> FrontDoorRequest {
        FrontDoorRequest(kind: .purchase(.with {
            $0.customerID = "front-\(run)-\(label)\(index)"
            $0.productID = product
            $0.storefront = "USA"
        }))
    }

    /// Request `index` of the run.
    func request(_ index: Int) -> FrontDoorRequest {
        let (original, draw) = subscriptions.withLock { state -> (String?, UInt64) in
            let draw = state.random.next()
            return (state.ids.isEmpty ? nil : state.ids[Int(draw % UInt64(state.ids.count))], draw >> 32)
        }
        guard let original else { return purchase(index) }
        switch workload {
        case .purchase: return purchase(index)
        case .read: return FrontDoorRequest(kind: .statusRead(original))
        case .mixed:
            switch draw % 10 {
            case 0..<4: return purchase(index)
            case 4..<8: return FrontDoorRequest(kind: .statusRead(original))
            case 8: return FrontDoorRequest(kind: .extend(original), idempotencyKey: UUID().uuidString.lowercased())
            default:
                return FrontDoorRequest(kind: .changePrice(original, product: product), idempotencyKey: UUID().uuidString.lowercased())
            }
        }
    }

    /// Remembers a subscription bought, for the reads and changes that follow.
    func bought(_ original: String) {
        subscriptions.withLock { $0.ids.append(original) }
    }

    var boughtCount: Int { subscriptions.withLock { $0.ids.count } }
}
