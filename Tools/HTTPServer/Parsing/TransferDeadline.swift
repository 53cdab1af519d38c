/// The deadline of one transfer, a request's head or its body: a grace period, extended by every
/// byte that arrives at the minimum rate, and never past a total cap.
///
/// With grace `g`, rate `r` bytes/s and cap `c` from the transfer's start `t`, the deadline after `n`
/// bytes is `min(t + c, t + g + n / r)`: a client must average `r` bytes/s once the grace is spent,
/// and no transfer, however steady, lasts past `c`. A trickle of one byte every few seconds, which a
/// per-read timeout alone never stops, is cut soon after `g`.
struct TransferDeadline {
    private let start: Deadline
    private let grace: UInt64
    private let cap: Deadline
    /// Bytes per second; 0 turns the rate rule off (the cap still holds).
    private let rate: UInt64
    private(set) var bytes = 0

    init(grace: Duration, total: Duration, minimumRate: Int, alreadyReceived: Int = 0, start: Deadline = .now) {
        self.start = start
        self.grace = grace.clampedNanoseconds
        self.cap = start.adding(nanoseconds: total.clampedNanoseconds)
        self.rate = UInt64(max(0, minimumRate))
        bytes = alreadyReceived
    }

    mutating func received(_ count: Int) {
        bytes += count
    }

    /// When the transfer must have finished, given the bytes so far.
    var deadline: Deadline {
        guard rate > 0 else { return cap }
        let (earned, overflow) = UInt64(bytes).multipliedReportingOverflow(by: 1_000_000_000)
        let earnedTime = overflow ? UInt64.max : earned / rate
        let (allowance, sumOverflow) = grace.addingReportingOverflow(earnedTime)
        return min(cap, start.adding(nanoseconds: sumOverflow ? .max : allowance))
    }
}
