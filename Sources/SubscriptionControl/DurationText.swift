/// Durations on the command line: `500ms`, `30s`, `5m`, `2h`, `1d`, or a plain number of seconds.
enum DurationText {
    /// The duration `text` names, or `nil` when it is not one of the forms above.
    static func parse(_ text: String) -> Duration? {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400)]
        for unit in units where text.hasSuffix(unit.suffix) {
            guard let value = Double(text.dropLast(unit.suffix.count)), value >= 0 else { return nil }
            return .milliseconds(Int64((value * unit.seconds * 1000).rounded()))
        }
        guard let value = Double(text), value >= 0 else { return nil }
        return .milliseconds(Int64((value * 1000).rounded()))
    }
}
