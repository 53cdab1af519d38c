import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

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

    /// The windows by device, keyed by the SHA-256 of the device id (a 32 KiB header is 32 bytes here),
    /// with the time after which windows that ended are dropped.
    private struct Windows {
        var byDevice: [Data: Window] = [:]
        var nextPrune: Int64 = 0
    }

    let limit: Int
    let windowMilliseconds: Int64
    private let windows = Locked(Windows())

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
        let key = SHA256.hash(Data(device.utf8))
        return windows.withLock { state in
            // Once per window length, forget the windows that ended: memory follows the devices seen in
            // the last window, not every device ever seen.
            if now >= state.nextPrune || now < state.nextPrune - windowMilliseconds {
                state.byDevice = state.byDevice.filter { now < $0.value.start + windowMilliseconds }
                state.nextPrune = now + windowMilliseconds
            }
            var window = state.byDevice[key] ?? Window(start: now, count: 0)
            if now >= window.start + windowMilliseconds || now < window.start { window = Window(start: now, count: 0) }
            let resetAt = window.start + windowMilliseconds
            guard window.count < limit else {
                let wait = Int((resetAt - now + 999) / 1000)
                return Decision(limit: limit, remaining: 0, resetAt: resetAt, retryAfter: max(1, wait))
            }
            window.count += 1
            state.byDevice[key] = window
            return Decision(limit: limit, remaining: limit - window.count, resetAt: resetAt, retryAfter: nil)
        }
    }

    /// Forgets every window (after an emulator reset).
    func reset() {
        windows.withLock { $0 = Windows() }
    }

    /// How many devices have a window in memory, and the bytes their keys take (tests).
    var footprint: (devices: Int, keyBytes: Int) {
        windows.withLock { state in (state.byDevice.count, state.byDevice.keys.reduce(0) { $0 + $1.count }) }
    }
}
