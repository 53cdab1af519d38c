import Foundation

/// A single forward pass over the UTF-8 bytes of an RFC 3339 timestamp; see
/// ``ISO8601Timestamp/date(from:)`` for the accepted forms.
struct TimestampReader {
    private let bytes: [UInt8]
    private var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read() -> Date? {
        guard let year = readYear(),
            take("-"), let month = readNumber(digits: 2), (1...12).contains(month),
            take("-"), let day = readNumber(digits: 2),
            day >= 1, day <= ISO8601Timestamp.daysInMonth(month, year: year),
            take("T") || take("t"),
            let hour = readNumber(digits: 2), hour <= 23,
            take(":"), let minute = readNumber(digits: 2), minute <= 59,
            take(":"), let second = readNumber(digits: 2), second <= 59,
            let fraction = readFraction(),
            let offsetSeconds = readZone(),
            index == bytes.count
        else { return nil }

        let days = ISO8601Timestamp.daysSinceEpoch(year: year, month: month, day: day)
        let wholeSeconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(wholeSeconds) + fraction)
    }

    private mutating func readYear() -> Int64? {
        if take("+") { return readNumber(digits: 6) }
        if take("-") {
            // "-000000" is not a year (ISO 8601-1:2019 and ECMAScript both forbid it).
            guard let year = readNumber(digits: 6), year != 0 else { return nil }
            return -year
        }
        return readNumber(digits: 4)
    }

    /// Seconds after the decimal separator: any number of digits, at least one when the
    /// separator is there; digits beyond nanoseconds are read and ignored.
    private mutating func readFraction() -> Double? {
        guard take(".") else { return 0 }
        var numerator: Int64 = 0
        var scale: Int64 = 1
        let start = index
        while index < bytes.count, let digit = digitValue(bytes[index]) {
            if scale < 1_000_000_000 {
                numerator = numerator * 10 + digit
                scale *= 10
            }
            index += 1
        }
        guard index > start else { return nil }
        return Double(numerator) / Double(scale)
    }

    /// The zone's offset east of UTC in seconds: `Z`, `±HH:MM` or `±HHMM`.
    private mutating func readZone() -> Int64? {
        if take("Z") || take("z") { return 0 }
        let sign: Int64
        if take("+") {
            sign = 1
        } else if take("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = readNumber(digits: 2), hours <= 23 else { return nil }
        _ = take(":")
        guard let minutes = readNumber(digits: 2), minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private mutating func readNumber(digits count: Int) -> Int64? {
        guard bytes.count - index >= count else { return nil }
        var value: Int64 = 0
        for _ in 0..<count {
            guard let digit = digitValue(bytes[index]) else { return nil }
            value = value * 10 + digit
            index += 1
        }
        return value
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    private func digitValue(_ byte: UInt8) -> Int64? {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        return Int64(byte - UInt8(ascii: "0"))
    }
}
