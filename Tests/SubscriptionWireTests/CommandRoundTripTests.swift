import Foundation
import SubscriptionMessages
import SubscriptionWire
import SwiftProtobuf
import Testing

@Suite struct CommandRoundTripTests {
    @Test("a purchase replies OK with the transaction and publishes SUBSCRIBED/INITIAL_BUY")
    func purchase() throws {
        let bench = try Bench()
        let outcome = try bench.purchase("news.basic.monthly")

        #expect(outcome.reply.commandID == "command-1")
        #expect(outcome.reply.status == .ok)
        #expect(!outcome.reply.hasError)
        #expect(outcome.reply.schemaVersion == 1)
        guard case .purchase(let result)? = outcome.reply.result else {
            Issue.record("expected a purchase result, got \(String(describing: outcome.reply.result))")
            return
        }
        let transaction = result.subscription.transactionInfo
        #expect(transaction.productID == "news.basic.monthly")
        #expect(transaction.originalTransactionID == transaction.transactionID)
        #expect(transaction.price == 2990)
        #expect(transaction.currency == "USD")
        #expect(transaction.storefront == "USA")
        #expect(transaction.type == .autoRenewableSubscription)
        #expect(transaction.transactionReason == .purchase)
        #expect(transaction.environment == .sandbox)
        #expect(transaction.purchaseDate == Google_Protobuf_Timestamp(date: newYear))
        #expect(transaction.expiresDate == Google_Protobuf_Timestamp(date: newYear.adding(days: 31)))
        #expect(result.subscription.renewalInfo.autoRenewStatus)

        let event = try #require(outcome.events.only)
        #expect(event.kind == "SUBSCRIBED.INITIAL_BUY")
        #expect(event.causedByCommandID == "command-1")
        #expect(event.sequence == 1)
        #expect(event.subscriptionID == transaction.originalTransactionID)
        #expect(event.version == "2.0")
        #expect(event.schemaVersion == 1)
        #expect(!event.notificationUuid.isEmpty)
        #expect(event.signedDate == Google_Protobuf_Timestamp(date: newYear))
        #expect(event.data.status == .active)
        #expect(event.data.bundleID == "com.example.news")
        #expect(event.data.transactionInfo == transaction)
    }

    /// A command the engine or the mapping refuses, and what the reply must say.
    struct Refusal: CustomTestStringConvertible, Sendable {
        var name: String
        var command: Subscriptions_V1_CommandEnvelope.OneOf_Command?
        var status: Subscriptions_V1_StatusCode
        var appleErrorCode: Int64
        var field: String
        var httpStatus: Int32
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "unknown product", command: .purchase(.with {
                $0.customerID = "alice"
                $0.productID = "no.such.product"
                $0.storefront = "USA"
            }), status: .notFound, appleErrorCode: 4_040_016, field: "productId", httpStatus: 404),
        Refusal(
            name: "missing customer", command: .purchase(.with {
                $0.productID = "news.basic.monthly"
                $0.storefront = "USA"
            }), status: .invalidArgument, appleErrorCode: 0, field: "customerId", httpStatus: 400),
        Refusal(
            name: "offer without a type", command: .purchase(.with {
                $0.customerID = "alice"
                $0.productID = "news.basic.monthly"
                $0.storefront = "USA"
                $0.offer = .init()
            }), status: .invalidArgument, appleErrorCode: 0, field: "offer.offerType", httpStatus: 400),
        Refusal(
            name: "modify without retainBillingCycle", command: .modifySubscription(.with {
                $0.operation = .modifySubscription
                $0.version = "1"
                $0.requestInfo.requestReferenceID = "4f1c4ad8-3f4e-4d4b-9a52-0a4c9c7b1e11"
                $0.transactionID = "1000"
            }), status: .invalidArgument, appleErrorCode: 4_000_110, field: "retainBillingCycle", httpStatus: 400),
        Refusal(
            name: "unknown subscription", command: .setAutoRenew(.with {
                $0.originalTransactionID = "nope"
                $0.action = .disable
            }), status: .notFound, appleErrorCode: 4_040_005, field: "originalTransactionId", httpStatus: 404),
        Refusal(
            name: "no command", command: nil, status: .unimplemented, appleErrorCode: 0, field: "command", httpStatus: 501),
    ]

    @Test("a refused command replies with status, Apple error and field, and publishes nothing", arguments: refusals)
    func refused(_ refusal: Refusal) throws {
        let bench = try Bench()
        let outcome = try bench.send(refusal.command)

        #expect(outcome.reply.status == refusal.status)
        #expect(outcome.reply.result == nil)
        #expect(outcome.reply.error.appleErrorCode == refusal.appleErrorCode)
        #expect(outcome.reply.error.appleErrorName.isEmpty == (refusal.appleErrorCode == 0))
        #expect(outcome.reply.error.field == refusal.field)
        #expect(outcome.reply.error.httpStatus == refusal.httpStatus)
        #expect(!outcome.reply.error.message.isEmpty)
        #expect(outcome.events.isEmpty)
        #expect(outcome.manualClockAdvancedTo == nil)
    }

    @Test("auto-renew off answers with the renewal info and DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED")
    func autoRenewOff() throws {
        let bench = try Bench()
        let id = try bench.purchase("news.basic.monthly").events[0].subscriptionID
        let outcome = try bench.send(.setAutoRenew(.with {
            $0.originalTransactionID = id
            $0.action = .disable
        }))
        guard case .setAutoRenew(let result)? = outcome.reply.result else {
            Issue.record("expected a set_auto_renew result, got \(outcome.reply)")
            return
        }
        #expect(!result.renewalInfo.autoRenewStatus)
        #expect(outcome.events.map(\.kind) == ["DID_CHANGE_RENEWAL_STATUS.AUTO_RENEW_DISABLED"])
        #expect(outcome.events.first?.sequence == 2)
    }
}

@Suite struct ReplayTests {
    /// A short life: purchase, auto-renew off, two months of time.
    static func scenario() throws -> [Data] {
        let bench = try Bench()
        var events = try bench.purchase("news.premium.monthly").events
        events += try bench.send(.setAutoRenew(.with {
            $0.originalTransactionID = events[0].subscriptionID
            $0.action = .disable
        })).events
        events += try bench.advance(days: 62).events
        return try events.map { try $0.serializedBytes() }
    }

    @Test("the same commands at the same times give byte-identical events (stable notification UUIDs)")
    func deterministic() throws {
        let first = try Self.scenario()
        #expect(first.count >= 3)
        #expect(first == (try Self.scenario()))
    }

    @Test("get all subscription statuses groups the customer's subscriptions")
    func allStatuses() throws {
        let bench = try Bench()
        let news = try bench.purchase("news.basic.monthly")
        _ = try bench.purchase("sports.monthly")
        let outcome = try bench.send(.getAllSubscriptionStatuses(.with {
            $0.transactionID = news.events[0].data.transactionInfo.transactionID
        }))
        guard case .getAllSubscriptionStatuses(let result)? = outcome.reply.result else {
            Issue.record("expected a get_all_subscription_statuses result, got \(outcome.reply)")
            return
        }
        #expect(Set(result.data.map(\.subscriptionGroupIdentifier)) == ["news", "sports"])
        #expect(result.data.allSatisfy { $0.lastTransactions.first?.status == .active })
        #expect(result.bundleID == "com.example.news")
        #expect(outcome.events.isEmpty)
    }
}

extension Collection {
    /// The single element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
