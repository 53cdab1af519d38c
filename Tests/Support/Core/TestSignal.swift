import ErrorCore

/// A one-shot event between a test and a server handler: one side fires, the other awaits it.
///
/// Every wait also ends when its Task is cancelled, so a test's deadline
/// (``TransportTestKit/withDeadline(_:_:)`` cancels the operation and then waits for it) can always end
/// a test whose signal never fires, and a stream producer parked on a signal lets
/// `HTTPServer.shutdown()` finish even when the test failed before firing it.
public final class TestSignal: Sendable {
    private struct Waiter {
        let continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    private struct State {
        var fired = false
        var firedAt: ContinuousClock.Instant?
        var waiters: [Int: Waiter] = [:]
        var cancelledEarly: Set<Int> = []
        var nextTicket = 0
    }

    private let state = Locked(State())

    /// Creates an unfired signal.
    public init() {}

    /// Whether ``fire()`` has been called.
    public var isFired: Bool { state.withLock { $0.fired } }

    /// When ``fire()`` was first called, read on the firing thread: a test that measures how long
    /// something took to happen reads this, not the time its own wait resumed, which a busy cooperative
    /// pool can hold up for seconds.
    public var firedAt: ContinuousClock.Instant? { state.withLock { $0.firedAt } }

    /// Fires the signal and wakes every waiter (later waits return at once).
    public func fire() {
        let now = ContinuousClock.now
        let waiters = state.withLock { (state: inout State) -> [Waiter] in
            if !state.fired { state.firedAt = now }
            state.fired = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    /// Returns once the signal has fired, or the waiting Task is cancelled.
    public func wait() async {
        _ = await wait(until: nil)
    }

    /// Waits until fired; returns false on timeout or when the waiting task is cancelled.
    public func wait(timeout: Duration) async -> Bool {
        await wait(until: timeout)
    }

    private func wait(until timeout: Duration?) async -> Bool {
        let ticket = state.withLock { (state: inout State) -> Int in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let immediate = state.withLock { (state: inout State) -> Bool? in
                    if state.fired { return true }
                    if state.cancelledEarly.remove(ticket) != nil { return false }
                    state.waiters[ticket] = Waiter(continuation: continuation)
                    return nil
                }
                if let immediate {
                    continuation.resume(returning: immediate)
                    return
                }
                guard let timeout else { return }
                let timer = Task { [self] in
                    try? await Task.sleep(for: timeout)
                    if !Task.isCancelled { resolve(ticket, cancelledEarly: false) }
                }
                let settled = state.withLock { (state: inout State) -> Bool in
                    guard state.waiters[ticket] != nil else { return true }
                    state.waiters[ticket]?.timer = timer
                    return false
                }
                if settled { timer.cancel() }
            }
        } onCancel: {
            resolve(ticket, cancelledEarly: true)
        }
    }

    private func resolve(_ ticket: Int, cancelledEarly: Bool) {
        let waiter = state.withLock { (state: inout State) -> Waiter? in
            guard let waiter = state.waiters.removeValue(forKey: ticket) else {
                if cancelledEarly { state.cancelledEarly.insert(ticket) }
                return nil
            }
            return waiter
        }
        waiter?.timer?.cancel()
        waiter?.continuation.resume(returning: false)
    }
}
