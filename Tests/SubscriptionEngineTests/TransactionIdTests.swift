import Testing

@testable import SubscriptionEngine

/// How a command's `transactionId` leads to its subscription.
@Suite("Transaction ids")
struct TransactionIdTests {
    /// The definition the scan replaced: the first piece of a split on `-`, empty pieces left
    /// out, the whole text when there is no piece.
    private func bySplitting(_ transactionId: String) -> String {
        String(transactionId.split(separator: "-", maxSplits: 1).first ?? Substring(transactionId))
    }

    @Test("the original transaction id is the first run without '-', as splitting gave, also for leading, doubled or only dashes and non-ASCII text", arguments: [
        "2000000123456789", "2000000123456789-2", "2000000123456789-w3", "2000000123456789-2-3", "", "-", "---", "-abc",
        "--abc-def", "abc-", "a--b", "é-ü", "ü", "-é",
    ])
    func originalTransactionId(transactionId: String) {
        #expect(Subscription.originalTransactionId(fromTransactionId: transactionId) == bySplitting(transactionId))
    }

    @Test("a purchase's own and later transaction ids lead back to it")
    func engineIds() {
        let id = "2000000123456789"
        #expect(Subscription.originalTransactionId(fromTransactionId: id) == id)
        #expect(Subscription.originalTransactionId(fromTransactionId: "\(id)-7") == id)
        #expect(Subscription.originalTransactionId(fromTransactionId: "\(id)-w7") == id)
    }
}
