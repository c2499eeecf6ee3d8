import AppleErrorCatalog
import Foundation
import SubscriptionAPI
import SubscriptionEngine
import SubscriptionMessages
import SwiftProtobuf
import Testing

@testable import SubscriptionWire

/// The consumer checks a command from the bus as the producer checks HTTP input: the same rules
/// (`InputRules`), the same codes; then every other field by the generic walk
/// (docs/reliability.md, "Inputs tried").
@Suite struct BusCommandValidatorTests {
    static func envelope(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command) -> Subscriptions_V1_CommandEnvelope {
        .with {
            $0.commandID = "6f1c2a3e-1111-4a5b-8c9d-0123456789ab"
            $0.schemaVersion = 1
            $0.command = command
        }
    }

    static func purchase(customer: String = "alice", product: String = "news.basic.monthly") -> Subscriptions_V1_CommandEnvelope {
        envelope(.purchase(.with {
            $0.customerID = customer
            $0.productID = product
            $0.storefront = "USA"
        }))
    }

    static let createJSON = """
        {"operation": "CREATE_SUBSCRIPTION", "version": "1",
         "requestInfo": {"requestReferenceId": "0b6e1d84-6f0e-4d5c-9a64-7f3b9a6a1c20"},
         "currency": "USD", "storefront": "USA", "taxCode": "C003-00-1", "period": "P1M",
         "descriptors": {"displayName": "Streaming Pass", "description": "Streaming pass"},
         "items": [{"SKU": "SKU_VALUE", "displayName": "NAME_VALUE", "description": "News", "price": 4990}]}
        """

    static func create(sku: String = "NEWS_CHANNELS", name: String = "News") -> Subscriptions_V1_CommandEnvelope {
        envelope(.createSubscription(.with {
            $0.customerID = "alice"
            $0.items = [.with {
                $0.sku = sku
                $0.displayName = name
                $0.description_p = "News"
                $0.price = 4990
            }]
        }))
    }

    @Test("a well-formed command passes")
    func wellFormed() {
        #expect(BusCommandValidator.problem(in: Self.purchase()) == nil)
        #expect(BusCommandValidator.problem(in: Self.create()) == nil)
    }

    @Test("a customer id of 1 MiB is refused naming customerId; nothing reaches the store")
    func hugeCustomerId() throws {
        let problem = try #require(BusCommandValidator.problem(in: Self.purchase(customer: String(repeating: "c", count: 1 << 20))))
        #expect(problem.field == "customerId")
        #expect(problem.code == .outOfRange)
        #expect(problem.message.contains("at most 128"))
    }

    @Test("a control character in an identifier is refused")
    func controlCharacter() throws {
        let problem = try #require(BusCommandValidator.problem(in: Self.purchase(customer: "al\u{0}ice")))
        #expect(problem.field == "customerId")
        #expect(problem.code == .invalidArgument)
    }

    @Test("a SKU or display name too long gets the same Apple code on the bus as over HTTP", arguments: [
        (String(repeating: "S", count: 129), "News", AppleError.skuLengthExceeded, "items[0].SKU"),
        ("NEWS_CHANNELS", String(repeating: "n", count: 31), AppleError.displayNameLengthExceeded, "items[0].displayName"),
    ])
    func sameCodeAsHTTP(sku: String, name: String, error: AppleError, field: String) throws {
        let bus = try #require(BusCommandValidator.problem(in: Self.create(sku: sku, name: name)))
        #expect(bus.appleErrorCode == Int(error.errorCode))
        #expect(bus.field == field)
        let json = Self.createJSON.replacingOccurrences(of: "SKU_VALUE", with: sku).replacingOccurrences(of: "NAME_VALUE", with: name)
        let http = #expect(throws: ValidationError.self) { try CreateSubscriptionRequest(validating: json) }
        #expect(http?.apiError == error)
        #expect(http?.names(field) == true)
    }

    @Test("a price beyond any storefront's is refused on the bus (4009005) naming it", arguments: [Int64.max, Int64.min, 1_000_000_000_001])
    func hugePrice(price: Int64) throws {
        let envelope = Self.envelope(.changePrice(.with {
            $0.transactionID = "2000000000000001"
            $0.items = [.with { $0.sku = "news.basic.monthly"; $0.price = price }]
        }))
        let problem = try #require(BusCommandValidator.problem(in: envelope))
        #expect(problem.appleErrorCode == 4_009_005)
        #expect(problem.field == "items[0].price")
    }

    @Test("a refund amount of Int64.min is refused on the bus")
    func refundAmount() throws {
        let envelope = Self.envelope(.requestRefund(.with {
            $0.transactionID = "2000000000000001"
            $0.items = [.with { $0.sku = "NEWS"; $0.refundType = .custom; $0.refundAmount = Google_Protobuf_Int64Value(.min) }]
        }))
        #expect(BusCommandValidator.problem(in: envelope)?.field == "items[0].refundAmount")
    }

    @Test("an instant beyond 9999 is refused: a history start date, a preview horizon, a deadline")
    func instants() throws {
        let history = Self.envelope(.getTransactionHistory(.with {
            $0.transactionID = "2000000000000001"
            $0.startDate = Google_Protobuf_Timestamp(seconds: 9_300_000_000_000_000, nanos: 0)
        }))
        let problem = try #require(BusCommandValidator.problem(in: history))
        #expect(problem.code == .outOfRange)
        #expect(problem.appleErrorCode == Int(AppleError.invalidValue.errorCode))
        var preview = Self.purchase()
        preview.preview = true
        preview.previewUntil = Google_Protobuf_Timestamp(seconds: .max, nanos: 0)
        #expect(BusCommandValidator.problem(in: preview)?.field == "preview_until")
        var deadline = Self.purchase()
        deadline.deadline = Google_Protobuf_Timestamp(seconds: .min, nanos: 0)
        #expect(BusCommandValidator.problem(in: deadline)?.field == "deadline")
    }

    @Test("an enum value this consumer does not know is refused naming the field's number")
    func unknownEnum() throws {
        let envelope = Self.envelope(.setAutoRenew(.with {
            $0.originalTransactionID = "2000000000000001"
            $0.action = .UNRECOGNIZED(99)
        }))
        let problem = try #require(BusCommandValidator.problem(in: envelope))
        #expect(problem.code == .invalidArgument)
        #expect(problem.message.contains("99"))
    }

    @Test("a repeated field over 1,000 elements and a string over 1 KiB in a field without its own rule are refused")
    func genericBounds() throws {
        let many = Self.envelope(.massExtendRenewalDate(.with {
            $0.productID = "news.basic.monthly"
            $0.requestIdentifier = "6f1c2a3e-2222-4a5b-8c9d-0123456789ab"
            $0.storefrontCountryCodes = Array(repeating: "USA", count: 1_001)
        }))
        #expect(BusCommandValidator.problem(in: many)?.code == .outOfRange)
        let long = Self.envelope(.createTestClock(.with { $0.name = String(repeating: "x", count: 2_000) }))
        #expect(BusCommandValidator.problem(in: long)?.code == .outOfRange)
    }
}
