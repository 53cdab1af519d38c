import ErrorCore
import Foundation

/// A wall clock tests move by hand, so expiry, grace windows, rate windows and timestamps are exact however
/// long a step takes on a loaded machine. Hand ``read`` to whatever takes a `() -> Date`.
public final class ManualClock: Sendable {
    /// 2025-11-29T21:00:00.123Z: a fixed start, so rendered timestamps are the same on every run.
    public static let fixedStart = Date(timeIntervalSince1970: 1_764_450_000.123)

    private let current: Locked<Date>

    /// A clock showing `start` until a test moves it.
    public init(_ start: Date = ManualClock.fixedStart) {
        current = Locked(start)
    }

    /// The time it shows.
    public var now: Date { current.withLock { $0 } }

    /// Moves the time on by `seconds`.
    public func advance(seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// The clock as a function, for a service's `clock:` parameter.
    public var read: @Sendable () -> Date { { [self] in now } }
}
