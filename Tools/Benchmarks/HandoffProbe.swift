import CCurl
import Foundation
import Synchronization

/// The floor under CurlTransport's sequential figure: the two hand-offs every request makes, measured
/// with no network and no curl transfer. A thread sleeps in `curl_multi_poll` as the engine does; the
/// caller queues a continuation and calls `curl_multi_wakeup` (hand-off 1), and the thread resumes it
/// (hand-off 2: the caller's Task is enqueued on the global executor and a pool thread picks it up).
final class HandoffProbe: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex<(waiters: [UnsafeContinuation<Void, Never>], sleeping: Bool, done: Bool)>(
        ([], false, false))
    /// When the thread last woke, for the split of the round trip into its two hand-offs.
    private let wokeAt = Mutex<ContinuousClock.Instant?>(nil)

    init() {
        _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        multi = curl_multi_init()
        Thread { [self] in run() }.start()
    }

    func stop() {
        inbox.withLock { $0.done = true }
        curl_multi_wakeup(multi)
    }

    /// One round trip; returns the time from the wakeup call to the thread running, and from the
    /// thread's resume call to the caller running again.
    func roundTrip() async -> (toThread: Duration, back: Duration) {
        let clock = ContinuousClock()
        var submitted = clock.now
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let wake = inbox.withLock { inbox in
                inbox.waiters.append(continuation)
                defer { inbox.sleeping = false }
                return inbox.sleeping
            }
            submitted = clock.now
            if wake { curl_multi_wakeup(multi) }
        }
        let back = clock.now
        let woke = wokeAt.withLock { $0 }!
        return (woke - submitted, back - woke)
    }

    private func run() {
        while true {
            let (waiters, done): ([UnsafeContinuation<Void, Never>], Bool) = inbox.withLock { inbox in
                defer { inbox.waiters.removeAll() }
                return (inbox.waiters, inbox.done)
            }
            if done { break }
            if !waiters.isEmpty {
                wokeAt.withLock { $0 = ContinuousClock.now }
                for waiter in waiters { waiter.resume() }
            }
            let sleep = inbox.withLock { inbox in
                guard inbox.waiters.isEmpty else { return false }
                inbox.sleeping = true
                return true
            }
            if sleep {
                curl_multi_poll(multi, nil, 0, 1000, nil)
                inbox.withLock { $0.sleeping = false }
            }
        }
        curl_multi_cleanup(multi)
    }
}
