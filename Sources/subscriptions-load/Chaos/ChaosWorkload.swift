import Foundation
import SubscriptionMessages
import SwiftProtobuf
import Synchronization

/// The chaos run's stream of commands, deterministic from the seed: customers buy, then switch,
/// turn auto-renew off and on, get price increases and consent to them, get renewal-date
/// extensions and read their status, while the test clock advances. A customer has at most one
/// command in flight, so its commands apply in the order they were chosen.
final class ChaosWorkload: Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case purchase, switchProduct, autoRenew, changePrice, consent, extend, statusRead, clockAdvance
    }

    /// One command to send.
    struct Command: Sendable {
        var kind: Kind
        /// Index of the customer, none for a clock advance.
        var customer: Int?
        var viaHTTP: Bool
        /// The envelope for AMQP (built once: a retry is the same command id).
        var envelope: Subscriptions_V1_CommandEnvelope
        /// The HTTP request: method, path, body, idempotency key.
        var method = "POST"
        var path = ""
        var json: [String: any Sendable]?
        var key = ""
    }

    struct Customer: Sendable {
        var id: String
        var originalTransactionId: String?
        var product = ChaosWorkload.products[0]
        var pendingPriceChanges: [String] = []
        var autoRenew = true
    }

    static let products = ["news.basic.monthly", "news.standard.monthly"]

    private struct State {
        var random: SplitMix64
        var customers: [Customer] = []
        var idle: [Int] = []
        var issued = 0
    }

    private let state: Mutex<State>
    let total: Int
    let httpPercent: UInt64
    let advanceEvery: Int
    let advanceSeconds: Int64
    let run: String

    init(seed: UInt64, total: Int, httpPercent: Int, advances: Int, simulatedDays: Int, run: String) {
        state = Mutex(State(random: SplitMix64(seed: seed)))
        self.total = total
        self.httpPercent = UInt64(httpPercent)
        advanceEvery = advances > 0 ? max(1, total / (advances + 1)) : Int.max
        advanceSeconds = advances > 0 ? Int64(simulatedDays) * 86_400 / Int64(advances) : 0
        self.run = run
    }

    /// The next command, or nil when `total` were issued.
    func next() -> Command? {
        state.withLock { state in
            guard state.issued < total else { return nil }
            state.issued += 1
            if state.issued % advanceEvery == 0 {
                return Self.command(.clockAdvance, customer: nil, viaHTTP: false, state: &state, workload: self)
            }
            let roll = state.random.next() % 100
            let viaHTTP = state.random.next() % 100 < httpPercent
            if roll < 25 || state.idle.isEmpty {
                let index = state.customers.count
                state.customers.append(Customer(id: "chaos-\(run)-\(index)"))
                return Self.command(.purchase, customer: index, viaHTTP: viaHTTP, state: &state, workload: self)
            }
            let slot = Int(state.random.next() % UInt64(state.idle.count))
            let customer = state.idle.swapAt(slot)
            let kind: Kind
            switch roll {
            case 25..<40: kind = .switchProduct
            case 40..<52: kind = .autoRenew
            case 52..<80: kind = state.customers[customer].pendingPriceChanges.isEmpty ? .changePrice : .consent
            case 80..<90: kind = .extend
            default: kind = .statusRead
            }
            let http = viaHTTP && kind != .changePrice && kind != .consent
            return Self.command(kind, customer: customer, viaHTTP: http, state: &state, workload: self)
        }
    }

    /// Records the final reply of `command` (its result fields) and frees the customer.
    func finished(_ command: Command, ok: Bool, originalTransactionId: String?, priceChangeIds: [String]) {
        guard let index = command.customer else { return }
        state.withLock { state in
            var customer = state.customers[index]
            switch command.kind {
            case .purchase:
                guard ok, let originalTransactionId else { return }  // never bought: no further commands
                customer.originalTransactionId = originalTransactionId
            case .switchProduct where ok:
                customer.product = customer.product == Self.products[0] ? Self.products[1] : Self.products[0]
            case .autoRenew where ok:
                customer.autoRenew.toggle()
            case .changePrice where ok:
                customer.pendingPriceChanges = priceChangeIds
            case .consent:
                customer.pendingPriceChanges = []
            default:
                break
            }
            state.customers[index] = customer
            state.idle.append(index)
        }
    }

    /// Every customer id that was sent a purchase.
    var customers: [Customer] { state.withLock { $0.customers } }

    private static func command(_ kind: Kind, customer index: Int?, viaHTTP: Bool, state: inout State, workload: ChaosWorkload) -> Command {
        let key = UUID(uuid: state.random.uuidBytes()).uuidString.lowercased()
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = key
        envelope.schemaVersion = WireContract.schemaVersion
        envelope.issuedAt = Google_Protobuf_Timestamp(date: Date())
        var command = Command(kind: kind, customer: index, viaHTTP: viaHTTP, envelope: envelope, key: key)
        let customer = index.map { state.customers[$0] }
        let original = customer?.originalTransactionId ?? ""
        let product = customer?.product ?? products[0]
        switch kind {
        case .purchase:
            let id = customer?.id ?? ""
            command.envelope.command = .purchase(.with {
                $0.customerID = id
                $0.productID = products[0]
                $0.storefront = "USA"
            })
            command.path = "v1/purchases"
            command.json = ["customerId": id, "productId": products[0], "storefront": "USA"]
        case .switchProduct:
            let target = product == products[0] ? products[1] : products[0]
            command.envelope.command = .switchProduct(.with {
                $0.originalTransactionID = original
                $0.productID = target
            })
            command.path = "v1/subscriptions/switchProduct"
            command.json = ["originalTransactionId": original, "productId": target]
        case .autoRenew:
            let enable = !(customer?.autoRenew ?? true)
            command.envelope.command = .setAutoRenew(.with {
                $0.originalTransactionID = original
                $0.action = enable ? .enable : .disable
            })
            command.path = "v1/subscriptions/autoRenew"
            command.json = ["originalTransactionId": original, "autoRenewStatus": enable ? 1 : 0]
        case .changePrice:
            command.envelope.command = .changePrice(.with {
                $0.transactionID = original
                $0.requestInfo.requestReferenceID = key
                $0.items = [.with {
                    $0.sku = product
                    $0.price = 10_990
                }]
            })
        case .consent:
            let ids = customer?.pendingPriceChanges ?? []
            command.envelope.command = .respondToPriceIncrease(.with {
                $0.originalTransactionID = original
                $0.priceChangeIds = ids
                $0.response = .consent
            })
        case .extend:
            command.envelope.command = .extendRenewalDate(.with {
                $0.originalTransactionID = original
                $0.extendByDays = 7
                $0.extendReasonCode = Google_Protobuf_Int32Value(1)
                $0.requestIdentifier = key
            })
            command.method = "PUT"
            command.path = "inApps/v1/subscriptions/extend/\(original)"
            command.json = ["extendByDays": 7, "extendReasonCode": 1, "requestIdentifier": key]
        case .statusRead:
            command.envelope.command = .getAllSubscriptionStatuses(.with { $0.transactionID = original })
            command.method = "GET"
            command.path = "inApps/v1/subscriptions/\(original)"
        case .clockAdvance:
            command.envelope.command = .advanceTestClock(.with {
                $0.advanceBy = Google_Protobuf_Duration(seconds: workload.advanceSeconds)
            })
        }
        return command
    }
}

extension Array {
    /// Removes the element at `index` by moving the last one there (order does not matter).
    mutating func swapAt(_ index: Int) -> Element {
        swapAt(index, count - 1)
        return removeLast()
    }
}

/// A small deterministic generator (SplitMix64), so a printed seed names a run.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 16 random bytes shaped as a version-4 UUID.
    mutating func uuidBytes() -> uuid_t {
        var bytes = withUnsafeBytes(of: (next(), next())) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])
    }
}
