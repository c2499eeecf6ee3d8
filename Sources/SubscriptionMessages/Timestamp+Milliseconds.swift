import SwiftProtobuf

extension Google_Protobuf_Timestamp {
    /// Milliseconds since 1970, saturated at `Int64`'s limits: a timestamp read from the bus
    /// may hold any 64-bit `seconds` (a forged event or status), and showing one must not trap.
    public var saturatingMilliseconds: Int64 {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, overflowAgain) = scaled.addingReportingOverflow(Int64(nanos / 1_000_000))
        guard !overflowAgain else { return scaled < 0 ? .min : .max }
        return sum
    }
}
