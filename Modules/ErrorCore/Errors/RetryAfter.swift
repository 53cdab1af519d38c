import Foundation

/// Reads an HTTP `Retry-After` header (RFC 9110 §10.2.3).
public enum RetryAfter {
    /// The delay in whole seconds that `value` asks for, or `nil` when it is absent or unreadable.
    ///
    /// Accepts delay-seconds (`"120"`; surrounding spaces ignored; a number too large for `Int`
    /// gives `Int.max`) and an IMF-fixdate (`"Sun, 06 Nov 1994 08:49:37 GMT"`), measured from
    /// `now` and never negative. Negative or fractional numbers are unreadable (`nil`).
    public static func seconds(from value: String?, now: Date = Date()) -> Int? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return Int(value) ?? Int.max
        }
        guard let date = httpDate(value) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }

    /// An IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = Int(parts[1]), parts[1].count == 2,
            let monthIndex = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3]), parts[3].count == 4
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            hour < 24, minute < 60, second < 61,
            day >= 1, day <= ISO8601Timestamp.daysInMonth(Int64(monthIndex + 1), year: Int64(year))
        else { return nil }
        let days = ISO8601Timestamp.daysSinceEpoch(year: Int64(year), month: Int64(monthIndex + 1), day: Int64(day))
        return Date(timeIntervalSince1970: Double(days * 86_400 + Int64(hour * 3600 + minute * 60 + second)))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
