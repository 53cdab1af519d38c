import CCurl
import Foundation
import Synchronization

/// The floor under CurlTransport's sequential figure: the hand-offs between a caller's Task and the engine
/// thread, measured with no network and no curl transfer. A thread sleeps in `epoll_wait` on an eventfd as
/// the engine does; the caller queues a continuation and writes the eventfd (hand-off 1, what a request
/// queued for a sleeping engine would pay), and the thread resumes it (hand-off 2: the caller's Task is
/// enqueued on the global executor and a pool thread picks it up, what every response pays).
final class HandoffProbe: @unchecked Sendable {
    private let epoll: Int32
    private let wakeup: Int32
    private let inbox = Mutex<(waiters: [UnsafeContinuation<Void, Never>], sleeping: Bool, done: Bool)>(
        ([], false, false))
    /// When the thread last woke, for the split of the round trip into its two hand-offs.
    private let wokeAt = Mutex<ContinuousClock.Instant?>(nil)

    init() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeup = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = wakeup
        epoll_ctl(epoll, EPOLL_CTL_ADD, wakeup, &event)
        Thread { [self] in run() }.start()
    }

    func stop() {
        inbox.withLock { $0.done = true }
        wake()
    }

    /// One round trip; returns the time from the wake-up call to the thread running, and from the
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
            if wake { self.wake() }
        }
        let back = clock.now
        let woke = wokeAt.withLock { $0 }!
        return (woke - submitted, back - woke)
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeup, &one, 8)
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 1)
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
                _ = events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, 1, 1000) }
                var count: UInt64 = 0
                _ = read(wakeup, &count, 8)
                inbox.withLock { $0.sleeping = false }
            }
        }
        close(epoll)
        close(wakeup)
    }
}
