import ErrorCore
import Foundation

/// The per-device request limit: at most `limit` requests in each fixed window of `window` per `X-Device-Id`,
/// the first request of a device opening its window. In memory only.
final class ChatbaseRateLimiter: Sendable {
    /// The outcome for one request, with what the `X-RateLimit-*` headers report.
    struct Decision: Equatable {
        /// The limit per window.
        let limit: Int
        /// Requests left in the current window after this one.
        let remaining: Int
        /// When the current window ends, in Unix milliseconds.
        let resetAt: Int64
        /// Whole seconds to wait (at least 1) when the request is refused; nil when admitted.
        let retryAfter: Int?

        /// The `X-RateLimit-*` header fields.
        var headers: [(String, String)] {
            [
                ("X-RateLimit-Limit", String(limit)), ("X-RateLimit-Remaining", String(remaining)),
                ("X-RateLimit-Reset", String(resetAt)),
            ]
        }
    }

    private struct Window {
        var start: Int64
        var count: Int
    }

    /// Windows past this many devices are pruned of expired ones, so hostile device ids cannot grow memory
    /// without bound.
    private static let pruneThreshold = 10_000

    let limit: Int
    let windowMilliseconds: Int64
    private let windows = Locked<[String: Window]>([:])

    /// A limiter; a `limit` below 1 counts as 1, a window below 1 ms as 1 ms.
    init(limit: Int, window: Duration) {
        self.limit = max(1, limit)
        let (seconds, attoseconds) = window.components
        windowMilliseconds = max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    /// Counts one request of `device` at `now` (Unix milliseconds). A request without a device id is never
    /// counted nor refused; it reports a fresh window.
    func admit(device: String?, now: Int64) -> Decision {
        guard let device else {
            return Decision(limit: limit, remaining: limit, resetAt: now + windowMilliseconds, retryAfter: nil)
        }
        return windows.withLock { windows in
            if windows.count > Self.pruneThreshold {
                windows = windows.filter { now < $0.value.start + windowMilliseconds }
            }
            var window = windows[device] ?? Window(start: now, count: 0)
            if now >= window.start + windowMilliseconds || now < window.start { window = Window(start: now, count: 0) }
            let resetAt = window.start + windowMilliseconds
            guard window.count < limit else {
                let wait = Int((resetAt - now + 999) / 1000)
                return Decision(limit: limit, remaining: 0, resetAt: resetAt, retryAfter: max(1, wait))
            }
            window.count += 1
            windows[device] = window
            return Decision(limit: limit, remaining: limit - window.count, resetAt: resetAt, retryAfter: nil)
        }
    }

    /// Forgets every window (after an emulator reset).
    func reset() {
        windows.withLock { $0 = [:] }
    }
}
