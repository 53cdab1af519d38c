import EmulatorCore
import ErrorCore
import Foundation

/// A per-API-key request rate: at most `requests` in a burst, refilled evenly over `interval`
/// (a token bucket), e.g. `SampleRateLimit(requests: 10, per: .seconds(1))`.
package struct SampleRateLimit: Sendable, Equatable {
    /// Bucket size: how many requests may arrive back to back.
    package var requests: Int
    /// How long a full bucket takes to refill from empty.
    package var interval: Duration

    /// Creates a rate; `requests` below 1 is treated as 1, an interval below 1 ms as 1 ms.
    package init(requests: Int, per interval: Duration) {
        self.requests = max(1, requests)
        self.interval = max(interval, .milliseconds(1))
    }

    /// Tokens regained per millisecond.
    var refillPerMillisecond: Double {
        let (seconds, attoseconds) = interval.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return Double(requests) / milliseconds
    }
}

/// Token buckets keyed by API key, for the sample backend's generic 429 `rate_limited`.
///
/// Buckets live in memory only and start full; changing the rate starts every key over with a full bucket.
package final class SampleRateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updatedAt: Int64
    }

    private struct State {
        var limit: SampleRateLimit?
        var buckets: [String: Bucket] = [:]
    }

    private let state = Locked(State())

    /// Creates a limiter with no rate (everything admitted).
    package init() {}

    /// Admits one request for `key` at `now` (milliseconds), or returns the whole seconds the caller should
    /// wait (at least 1) when its bucket is empty. Always admits when `limit` is nil.
    package func admit(key: String, limit: SampleRateLimit?, now: Int64) -> Int? {
        state.withLock { state in
            if state.limit != limit {
                state.limit = limit
                state.buckets = [:]
            }
            guard let limit else { return nil }
            let rate = limit.refillPerMillisecond
            let capacity = Double(limit.requests)
            var bucket = state.buckets[key] ?? Bucket(tokens: capacity, updatedAt: now)
            let elapsed = Double(max(0, now - bucket.updatedAt))
            bucket.tokens = min(capacity, bucket.tokens + elapsed * rate)
            bucket.updatedAt = max(bucket.updatedAt, now)
            defer { state.buckets[key] = bucket }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            let waitMilliseconds = (1 - bucket.tokens) / rate
            return max(1, Int((waitMilliseconds / 1000).rounded(.up)))
        }
    }

    /// Forgets every bucket (after an emulator reset).
    package func reset() {
        state.withLock { $0.buckets = [:] }
    }
}
