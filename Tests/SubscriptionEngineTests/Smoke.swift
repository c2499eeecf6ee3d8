import Testing
@testable import SubscriptionEngine
@Test func placeholder() {}
