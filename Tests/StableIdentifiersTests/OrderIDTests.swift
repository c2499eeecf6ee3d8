import StableIdentifiers
import Testing

/// Order ids derived from transaction ids (docs/refunds.md, R-REF-6).
@Suite struct OrderIDTests {
    @Test("R-REF-6 an order id maps back to its transaction id, for every shape of transaction id; anything else maps to nothing")
    func roundTrip() {
        for transactionId in ["1", "1234567890", "2912411830324592", "2912411830324592-23", "clock_ab-9", "ü-€"] {
            let orderId = OrderID.make(transactionId: transactionId)
            #expect(orderId.hasPrefix("M"))
            #expect(orderId.allSatisfy { $0.isNumber || ($0.isUppercase && !"ILOU".contains($0)) }, "\(orderId)")
            #expect(OrderID.transactionId(of: orderId) == transactionId)
        }
        #expect(OrderID.make(transactionId: "1234567890") == "M64S36D1N6RVKGE9G")
        for other in ["", "M", "X64S36D1N6RVKGE9G", "M64S36D1N6RVKGE9I", "m64s36d1n6rvkge9g", "MK5TTTVWJH"] {
            #expect(OrderID.transactionId(of: other) == nil, "\(other)")
        }
    }
}
