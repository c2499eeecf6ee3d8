/// The what-if's progress (docs/what-if.md, "Progress"): the share of the walk done, estimated
/// from where its cursor is among the subscription ids (docs/engine.md, "Ids are
/// deterministic"); the walk goes by id. Hashed ids (`2` then 15 digits of a SHA-1) are spread
/// evenly, so a hashed cursor's place in their range is the share walked. Time-ordered ids (`3`,
/// the purchase's millisecond in 13 digits, a 2-digit slot) sort after every hashed one and
/// bunch where the purchases did: a time-ordered cursor's millisecond, between the first one the
/// walk met and the what-if's now, is the share of that span walked.
struct ProgressBar {
    /// The millisecond of the walk's first time-ordered cursor.
    private var firstMillisecond: UInt64?

    /// A bar for a new walk.
    init() {}

    /// The share walked before `cursor`, 0…1, in a what-if run at `now` (milliseconds since
    /// 1970); nil for an id of neither shape, or while the time-ordered ids span no time.
    mutating func share(before cursor: String, now: Int64) -> Double? {
        guard cursor.count == 16, let value = UInt64(cursor) else { return nil }
        switch cursor.first {
        case "2":
            return Double(value - 2_000_000_000_000_000) / 1e15
        case "3":
            let millisecond = (value - 3_000_000_000_000_000) / 100
            let first = firstMillisecond ?? millisecond
            firstMillisecond = first
            guard now > 0, UInt64(now) > first else { return nil }
            return min(1, Double(millisecond - min(millisecond, first)) / Double(UInt64(now) - first))
        default:
            return nil
        }
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
