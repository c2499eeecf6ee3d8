// libFuzzer target (scripts/fuzz.sh, docs/reliability.md "Fuzzing"): arbitrary text through the
// ISO 8601 duration parser. It must never trap, and the canonical text of a duration it
// accepts (its parts in order, zeros left out) must parse to the same parts.
import SubscriptionAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let duration = ISODuration(text) else { return 0 }
    let parts = [duration.years, duration.months, duration.weeks, duration.days, duration.hours, duration.minutes, duration.seconds]
    if parts.allSatisfy({ $0 == 0 }) { return 0 }  // "P0D": nothing to write canonically but itself
    var canonical = "P"
    for (value, unit) in zip(parts[0..<4], ["Y", "M", "W", "D"]) where value != 0 { canonical += "\(value)\(unit)" }
    if parts[4...].contains(where: { $0 != 0 }) {
        canonical += "T"
        for (value, unit) in zip(parts[4...], ["H", "M", "S"]) where value != 0 { canonical += "\(value)\(unit)" }
    }
    guard let again = ISODuration(canonical) else {
        fatalError("\(text.debugDescription) parsed to \(parts), but its canonical text \(canonical) does not parse")
    }
    let partsAgain = [again.years, again.months, again.weeks, again.days, again.hours, again.minutes, again.seconds]
    if parts != partsAgain { fatalError("\(text.debugDescription) → \(parts), \(canonical) → \(partsAgain)") }
    return 0
}
