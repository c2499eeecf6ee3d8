import Foundation
import SubscriptionMessages
import SubscriptionWire
import SwiftProtobuf
import Testing

@testable import SubscriptionHandler

/// The history commands and the test notification through `EngineCommandHandler`, protobuf
/// in and out.
@Suite struct HistoryRoundTripTests {
    @Test("Get Transaction Info and Get Transaction History answer with wire transactions; a bad filter names its field")
    func transactions() throws {
        let bench = try Bench()
        let purchase = try bench.purchase("news.basic.monthly")
        let id = try #require(purchase.events.first).data.transactionInfo.transactionID
        let info = try bench.send(.getTransactionInfo(.with { $0.transactionID = id }))
        guard case .getTransactionInfo(let reply)? = info.reply.result else { Issue.record("\(info.reply)"); return }
        #expect(reply.transactionInfo.transactionID == id && reply.transactionInfo.productID == "news.basic.monthly")

        let history = try bench.send(.getTransactionHistory(.with {
            $0.transactionID = id
            $0.productTypes = [.autoRenewableSubscription]
            $0.revoked = Google_Protobuf_BoolValue(false)
        }))
        guard case .getTransactionHistory(let page)? = history.reply.result else { Issue.record("\(history.reply)"); return }
        #expect(page.transactions.map(\.transactionID) == [id])
        #expect(!page.hasMore_p && !page.revision.isEmpty && page.bundleID == "com.example.news" && page.environment == .sandbox)

        let refused = try bench.send(.getTransactionHistory(.with {
            $0.transactionID = id
            $0.productTypes = [.unspecified]
        }))
        #expect(refused.reply.status == .invalidArgument)
        #expect(refused.reply.error.field == "productType[0]" && refused.reply.error.appleErrorCode == 4000022)
        let unknown = try bench.send(.getTransactionInfo(.with { $0.transactionID = "\(id)-77" }))
        #expect(unknown.reply.status == .notFound && unknown.reply.error.appleErrorCode == 4040010)
    }

    @Test("Request a Test Notification publishes a TEST event with the app's data and answers its token")
    func testNotification() throws {
        let bench = try Bench()
        let outcome = try bench.send(.requestTestNotification(.init()))
        guard case .requestTestNotification(let reply)? = outcome.reply.result else { Issue.record("\(outcome.reply)"); return }
        let event = try #require(outcome.events.only)
        #expect(event.notificationType == .test && event.subtype == .unspecified)
        #expect(event.data.bundleID == "com.example.news" && event.data.environment == .sandbox)
        #expect(!event.data.hasTransactionInfo && event.subscriptionID.isEmpty && event.sequence == 0)
        #expect(reply.testNotificationToken == "\(event.notificationUuid)_\(event.signedDate.seconds * 1000 + Int64(event.signedDate.nanos / 1_000_000))")
        #expect(event.routingKey == "TEST.NONE")
    }

    @Test("R-RPL-4 a test notification's UUID derives from its command id: the same command in another deployment publishes the same event")
    func testNotificationIsDeterministic() throws {
        let first = try Bench().send(.requestTestNotification(.init()))
        let again = try Bench().send(.requestTestNotification(.init()))
        let event = try #require(first.events.only)
        #expect(event.notificationUuid == again.events.only?.notificationUuid)
        #expect(event.notificationUuid.count == 36)
        let bench = try Bench()
        let one = try #require(bench.send(.requestTestNotification(.init())).events.only)
        let other = try #require(bench.send(.requestTestNotification(.init())).events.only)
        #expect(one.notificationUuid != other.notificationUuid, "another command is another notification")
    }
}
