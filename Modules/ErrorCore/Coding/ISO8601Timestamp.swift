import Foundation

/// Fast ISO 8601 timestamps for the wire, without a `DateFormatter` per call.
///
/// Writing gives JavaScript's `Date.prototype.toISOString()` layout, always UTC with exactly
/// three fractional digits: `2025-03-01T12:30:05.120Z`. Years outside 0…9999 use the expanded
/// six-digit form with a sign (`+010000-01-01T00:00:00.000Z`), as JavaScript does.
///
/// Reading accepts RFC 3339 timestamps: `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds
/// with any number of digits (`.5`, `.123456789`), then `Z` or a numeric offset `+02:00` or
/// `+0200`. `T`/`Z` may be lowercase, and the expanded year form is read too. Anything else —
/// a missing time or zone, month 13, February 30, second 60, stray characters — is rejected
/// with `nil`.
public enum ISO8601Timestamp {
    /// The `toISOString()` rendering of `date`, rounded to the nearest millisecond.
    public static func string(from date: Date) -> String {
        let totalMilliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard totalMilliseconds.magnitude < 8.64e15 else {
            // Beyond JavaScript's Date range (±100,000,000 days): clamp rather than overflow.
            return string(from: Date(timeIntervalSince1970: totalMilliseconds < 0 ? -8.64e12 : 8.64e12))
        }
        let milliseconds = Int64(totalMilliseconds)
        let (days, millisecondOfDay) = milliseconds.floorDividedBy(86_400_000)
        let (year, month, day) = civilDate(fromDaysSinceEpoch: days)

        // Written as bytes into one buffer: appending a dozen small strings cost more than the arithmetic.
        return String(unsafeUninitializedCapacity: 27) { output in
            var count = 0
            func put(_ byte: UInt8) {
                output[count] = byte
                count += 1
            }
            func put(_ value: Int64, width: Int) {
                var divisor: Int64 = 1
                for _ in 1..<width { divisor *= 10 }
                var rest = value
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(rest / divisor))
                    rest %= divisor
                    divisor /= 10
                }
            }
            if (0...9999).contains(year) {
                put(year, width: 4)
            } else {
                put(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                put(abs(year), width: 6)
            }
            put(UInt8(ascii: "-"))
            put(month, width: 2)
            put(UInt8(ascii: "-"))
            put(day, width: 2)
            put(UInt8(ascii: "T"))
            put(millisecondOfDay / 3_600_000, width: 2)
            put(UInt8(ascii: ":"))
            put(millisecondOfDay / 60_000 % 60, width: 2)
            put(UInt8(ascii: ":"))
            put(millisecondOfDay / 1000 % 60, width: 2)
            put(UInt8(ascii: "."))
            put(millisecondOfDay % 1000, width: 3)
            put(UInt8(ascii: "Z"))
            return count
        }
    }

    /// The instant `text` names, or `nil` when it is not a timestamp in the accepted forms.
    public static func date(from text: String) -> Date? {
        var reader = TimestampReader(bytes: Array(text.utf8))
        return reader.read()
    }

    /// Howard Hinnant's `civil_from_days`: proleptic Gregorian date of a day count from 1970-01-01.
    static func civilDate(fromDaysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Howard Hinnant's `days_from_civil`: day count from 1970-01-01 of a proleptic Gregorian date.
    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let adjustedYear = month <= 2 ? year - 1 : year
        let era = (adjustedYear >= 0 ? adjustedYear : adjustedYear - 399) / 400
        let yearOfEra = adjustedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension Int64 {
    /// Quotient rounded toward negative infinity and the matching non-negative remainder.
    fileprivate func floorDividedBy(_ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = self % divisor
        return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
    }
}
