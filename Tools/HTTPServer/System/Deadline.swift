#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A point on the monotonic clock, used for every socket timeout so wall-clock jumps never
/// shorten or stretch a wait.
package struct Deadline: Comparable, Sendable {
    /// Nanoseconds on `CLOCK_MONOTONIC`; `UInt64.max` means "never".
    let nanoseconds: UInt64

    static let never = Deadline(nanoseconds: .max)

    static var now: Deadline {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Deadline(nanoseconds: UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec))
    }

    /// `duration` from now; saturates instead of overflowing for absurd durations.
    package static func after(_ duration: Duration) -> Deadline {
        let (sum, overflow) = now.nanoseconds.addingReportingOverflow(duration.clampedNanoseconds)
        return overflow ? .never : Deadline(nanoseconds: sum)
    }

    /// `nanoseconds` after this point; saturates at ``never``.
    func adding(nanoseconds: UInt64) -> Deadline {
        guard self != .never else { return .never }
        let (sum, overflow) = self.nanoseconds.addingReportingOverflow(nanoseconds)
        return overflow ? .never : Deadline(nanoseconds: sum)
    }

    var hasPassed: Bool { self != .never && Deadline.now >= self }

    /// The wait `poll(2)` should use: -1 for never, otherwise the remaining milliseconds rounded
    /// up (so a sub-millisecond remainder still waits instead of spinning), 0 once passed.
    package var pollTimeout: Int32 {
        if self == .never { return -1 }
        let current = Deadline.now.nanoseconds
        guard nanoseconds > current else { return 0 }
        let milliseconds = (nanoseconds - current + 999_999) / 1_000_000
        return milliseconds > UInt64(Int32.max) ? Int32.max : Int32(milliseconds)
    }

    package static func < (lhs: Deadline, rhs: Deadline) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

extension Duration {
    /// Whole nanoseconds, 0 for negative durations, `UInt64.max` when too large to count.
    var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        let fraction = attoseconds / 1_000_000_000
        if fraction < 0 { return whole >= UInt64(-fraction) ? whole - UInt64(-fraction) : 0 }
        let (total, sumOverflow) = whole.addingReportingOverflow(UInt64(fraction))
        return sumOverflow ? .max : total
    }
}
