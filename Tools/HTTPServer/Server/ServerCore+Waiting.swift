import ErrorCore

extension ServerCore {
    /// Suspends until at most `limit` connections are registered, or `timeout` passes.
    func waitForOpenConnections(atMost limit: Int, timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let ticket = state.withLock { (state: inout State) -> Int? in
                guard state.connections.count > limit else { return nil }
                let ticket = state.nextTicket
                state.nextTicket += 1
                state.countWaiters[ticket] = CountWaiter(limit: limit, continuation: continuation)
                return ticket
            }
            guard let ticket else {
                continuation.resume(returning: true)
                return
            }
            let timer = Task { [self] in
                try? await Task.sleep(for: timeout)
                guard !Task.isCancelled else { return }
                expireCountWaiter(ticket)
            }
            let resolved = state.withLock { (state: inout State) -> Bool in
                guard state.countWaiters[ticket] != nil else { return true }
                state.countWaiters[ticket]?.timer = timer
                return false
            }
            if resolved { timer.cancel() }
        }
    }

    private func expireCountWaiter(_ ticket: Int) {
        let waiter = state.withLock { $0.countWaiters.removeValue(forKey: ticket) }
        waiter?.continuation.resume(returning: false)
    }
}
