/// When a change takes effect (`effective`).
public enum Effective: String, StrictStringEnum, Sendable {
    /// Now.
    case immediately = "IMMEDIATELY"
    /// At the next renewal.
    case nextBillCycle = "NEXT_BILL_CYCLE"

    static var invalidValueError: APIError? { nil }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}
