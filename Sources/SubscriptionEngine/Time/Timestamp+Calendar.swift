/// Calendar arithmetic in UTC on the proleptic Gregorian calendar, without Foundation.
///
/// Adding months keeps the day of month and clamps it to the end of shorter months:
/// 31 January + P1M = 28 February (29 in leap years), 29 February + P1Y = 28 February.
/// Renewal dates are always computed from a billing anchor (`anchor + n × period`), so a
/// subscription bought on 31 January renews on 28 February and then 31 March, not 28 March.
extension Timestamp {
    /// A UTC date and time; month and day are 1-based.
    public static func utc(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
    ) -> Timestamp {
        let days = Self.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let ms = days * millisecondsPerDay + Int64(hour) * 3_600_000 + Int64(minute) * 60_000 + Int64(second) * 1000
        return Timestamp(millisecondsSince1970: ms)
    }

    /// This instant moved by `times` ISO periods in UTC (month-end clamping, see type docs), or a
    /// refusal when the result is not ``isSupported``.
    public func adding(_ period: ISOPeriod, times: Int = 1) throws(EngineRejection) -> Timestamp {
        let amount = try period.count.checkedProduct(times, "\(period) × \(times)")
        switch period.unit {
        case .day: return try adding(days: amount)
        case .week: return try adding(days: try amount.checkedProduct(7, "\(period) × \(times)"))
        case .month: return try adding(months: amount)
        case .year: return try adding(months: try amount.checkedProduct(12, "\(period) × \(times)"))
        }
    }

    /// This instant moved by whole calendar months, clamping the day to the target month, or a
    /// refusal when the result is not ``isSupported``.
    public func adding(months: Int) throws(EngineRejection) -> Timestamp {
        // Ten thousand years of months: anything more leaves the supported range from anywhere in it.
        guard isSupported, months.magnitude <= 120_000 else { throw .arithmeticOverflow("\(self) + \(months) months") }
        let parts = civil
        let total = parts.year * 12 + (parts.month - 1) + Int64(months)
        let year = floorDivide(total, 12)
        let month = total - year * 12 + 1
        let day = min(parts.day, Self.daysInMonth(year: year, month: month))
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        let result = Timestamp(millisecondsSince1970: days * Self.millisecondsPerDay + parts.millisecondOfDay)
        guard result.isSupported else { throw .arithmeticOverflow("\(self) + \(months) months") }
        return result
    }

    /// Year, month, day and millisecond of the day in UTC.
    var civil: (year: Int64, month: Int64, day: Int64, millisecondOfDay: Int64) {
        let days = floorDivide(millisecondsSince1970, Self.millisecondsPerDay)
        let msOfDay = millisecondsSince1970 - days * Self.millisecondsPerDay
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, msOfDay)
    }

    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension Int {
    /// `self × factor`, or a refusal naming `operation` when it does not fit.
    func checkedProduct(_ factor: Int, _ operation: @autoclosure () -> String) throws(EngineRejection) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: factor)
        guard !overflow else { throw .arithmeticOverflow(operation()) }
        return product
    }

    /// `self + other`, or a refusal naming `operation` when it does not fit.
    func checkedSum(_ other: Int, _ operation: @autoclosure () -> String) throws(EngineRejection) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard !overflow else { throw .arithmeticOverflow(operation()) }
        return sum
    }
}

private func floorDivide(_ lhs: Int64, _ rhs: Int64) -> Int64 {
    let quotient = lhs / rhs
    return (lhs % rhs != 0 && (lhs < 0) != (rhs < 0)) ? quotient - 1 : quotient
}
