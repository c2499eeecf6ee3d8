import Foundation
import Testing

/// HTTP clients under faults: with the consumer stopped, a command is published but
/// its reply never comes; the 504 says what that means and how to retry safely, and the retry
/// with the same key returns the first result once the consumer is back.
@Suite("HTTP clients under faults (real services, consumer stopped)", .serialized)
struct ReplyTimeoutTests {
    @Test(
        "a request without reply gets 504 saying the command may have been applied and how to retry; the retry with the same Idempotency-Key returns the first result once the consumer is back, and it is applied once",
        .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "stops the consumer")
    )
    func retryWithTheSameKeyAfterA504() async throws {
        let stack = try await Stack.start()
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let customer = stack.unique("c-timeout")
        let key = stack.unique("key-timeout")
        let purchase: [String: Any] = ["customerId": customer, "productId": E2ECatalog.monthly, "storefront": "USA"]
        try await stack.stopConsumer(crash: false)

        let timedOut = try await http.post("v1/purchases", purchase, headers: ["Idempotency-Key": key, "X-Request-Timeout": "1500"])
        #expect(timedOut.status == 504, "\(timedOut)")
        #expect(timedOut.json["errorCode"] as? Int == 5_049_000)
        let message = timedOut.json["errorMessage"] as? String ?? ""
        #expect(message.contains("may have been applied"), "\(message)")
        #expect(message.contains("Retrying is safe: send the same request with the same Idempotency-Key header"), "\(message)")
        let commandID = try #require(timedOut.header("X-Command-Id"))
        #expect(message.contains(commandID))

        let withoutKey = try await http.post(
            "v1/purchases", ["customerId": stack.unique("c-no-key"), "productId": E2ECatalog.monthly, "storefront": "USA"],
            headers: ["X-Request-Timeout": "500"])
        #expect(withoutKey.status == 504)
        #expect((withoutKey.json["errorMessage"] as? String ?? "").contains("no idempotency key, so a retry may apply it a second time"))

        try await stack.startConsumer()
        let retry = try await http.post("v1/purchases", purchase, headers: ["Idempotency-Key": key])
        #expect(retry.status == 200, "\(retry)")
        #expect(retry.header("X-Command-Id") == commandID, "the same key is the same command")
        let id = try #require(retry.json["originalTransactionId"] as? String)
        let again = try await http.post("v1/purchases", purchase, headers: ["Idempotency-Key": key])
        #expect(again.status == 200)
        #expect(again.json["originalTransactionId"] as? String == id, "the first result again")

        let statuses = try await http.send("GET", "inApps/v1/subscriptions/\(id)")
        #expect(statuses.status == 200)
        let groups = statuses.json["data"] as? [[String: Any]] ?? []
        let transactions = groups.flatMap { $0["lastTransactions"] as? [[String: Any]] ?? [] }
        #expect(transactions.count == 1, "one subscription for the customer: applied once (\(statuses.body.prefix(300)))")
        await stack.stop()
    }
}
