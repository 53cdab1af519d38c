import EmulatorCore
import ErrorCore
import Foundation

/// Timestamps: stored as Unix milliseconds, sent as Unix seconds with a millisecond fraction.
enum ChatbaseTime {
    /// `milliseconds` as seconds, e.g. `1764450000.123`.
    static func json(_ milliseconds: Int64) -> AnyCodableValue {
        .double(Double(milliseconds) / 1000)
    }

    /// `date` in Unix milliseconds.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
