/// Why a renewal date is extended (`extendReasonCode`, an integer 0…3).
public enum ExtendReasonCode: Int32, Codable, Sendable, CaseIterable {
    /// No reason given.
    case undeclared = 0
    /// For customer satisfaction.
    case customerSatisfaction = 1
    /// Another reason.
    case other = 2
    /// A service issue or outage.
    case serviceIssueOrOutage = 3

    public init(from decoder: any Decoder) throws {
        let code = try decoder.decodeLeaf(Int32.self, expecting: "an integer 0...3", error: .invalidExtendReasonCode)
        guard let reason = Self(rawValue: code) else {
            throw decoder.invalid("must be 0...3, got \(code)", error: .invalidExtendReasonCode)
        }
        self = reason
    }
}
