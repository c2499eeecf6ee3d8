/// The what-if's progress (docs/what-if.md): the share of the id space its cursor has passed.
/// Subscription ids (`originalTransactionId`) are 16 digits, `2` then 15 digits of a SHA-1, so
/// they are spread evenly and the cursor's place among them estimates the share walked.
enum ProgressBar {
    /// The share of the id space before `cursor`, 0…1; nil for an id of another shape.
    static func share(before cursor: String) -> Double? {
        guard cursor.count == 16, cursor.first == "2", let value = UInt64(cursor) else { return nil }
        return Double(value - 2_000_000_000_000_000) / 1e15
    }

    /// `[#########...........]  45 %  1200 read` (30 cells), or the count alone without a share.
    static func render(share: Double?, read: Int, width: Int = 30) -> String {
        guard let share else { return "\(read) read" }
        let clamped = min(max(share, 0), 1)
        let filled = Int((clamped * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let percent = Int((clamped * 100).rounded(.down))
        return "[\(bar)] \(String(repeating: " ", count: 3 - String(percent).count))\(percent) %  \(read) read"
    }
}
