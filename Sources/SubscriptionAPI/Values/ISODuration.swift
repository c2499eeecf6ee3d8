/// An ISO 8601 duration such as `P1M`, `P2W`, `P1DT12H`, `PT90M`. Calendar parts (years, months,
/// weeks, days) stay separate from clock parts, because a month is not a fixed number of seconds:
/// the service applies them with its calendar.
public struct ISODuration: Hashable, Sendable, Codable, CustomStringConvertible {
    public var years = 0
    public var months = 0
    public var weeks = 0
    public var days = 0
    public var hours = 0
    public var minutes = 0
    public var seconds = 0

    /// The text as parsed.
    public let rawValue: String

    /// Parses `P[nY][nM][nW][nD][T[nH][nM][nS]]` with at least one part; `nil` otherwise.
    public init?(_ text: String) {
        rawValue = text
        var rest = Substring(text)
        guard rest.popFirst() == "P", !rest.isEmpty else { return nil }
        var inTime = false
        var number = ""
        var seenUnits = ""
        for character in rest {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T", !inTime, number.isEmpty {
                inTime = true
                seenUnits += "T"
                continue
            }
            guard let value = Int(number), number.count <= 6 else { return nil }
            let unit = inTime ? "T\(character)" : "\(character)"
            guard !seenUnits.contains(unit), assign(value, to: unit) else { return nil }
            seenUnits += unit
            number = ""
        }
        guard number.isEmpty, seenUnits != "", seenUnits.last != "T" else { return nil }
    }

    private mutating func assign(_ value: Int, to unit: String) -> Bool {
        switch unit {
        case "Y": years = value
        case "M": months = value
        case "W": weeks = value
        case "D": days = value
        case "TH": hours = value
        case "TM": minutes = value
        case "TS": seconds = value
        default: return false
        }
        return true
    }

    /// Whether every part is zero.
    public var isZero: Bool { [years, months, weeks, days, hours, minutes, seconds].allSatisfy { $0 == 0 } }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.decodeLeaf(String.self, expecting: "an ISO 8601 duration string", error: nil)
        guard let duration = Self(text) else {
            throw decoder.invalid("must be an ISO 8601 duration like P1M or PT36H, got \"\(text)\"", error: nil)
        }
        self = duration
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
