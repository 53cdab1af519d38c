/// What the handler's task hands back to the connection thread.
struct HandlerOutcome: Sendable {
    var response: HTTPServerResponse
    /// The writer the stream producer is already using; nil when no producer runs.
    var writer: StreamWriter?
}

/// The rendezvous between a connection's thread, the handler's task and `shutdown()`.
///
/// The connection thread blocks on `lock` while the async handler runs; the task delivers its
/// outcome and signals. `stop()` (from shutdown) cancels the task and fails the active writer so
/// a blocked thread always wakes up.
final class ConnectionControl: @unchecked Sendable {
    /// Also guards the active `StreamWriter`'s queue, so one condition wakes the thread for
    /// either event.
    let lock = ConditionLock()

    // Everything below is guarded by `lock`.
    private var stopped = false
    private var task: Task<Void, Never>?
    private var outcome: HandlerOutcome?
    private var writer: StreamWriter?

    var isStopped: Bool { lock.withLock { stopped } }

    /// Ends the connection's work: cancels the handler or producer and refuses further writes.
    func stop() {
        let (task, writer) = lock.withLock { () -> (Task<Void, Never>?, StreamWriter?) in
            stopped = true
            lock.signal()
            return (self.task, self.writer)
        }
        task?.cancel()
        writer?.fail(.stopped)
    }

    /// Remembers the exchange's task so `stop()` and a vanished client can cancel it.
    func attach(_ task: Task<Void, Never>) {
        let cancelNow = lock.withLock { () -> Bool in
            self.task = task
            return stopped
        }
        if cancelNow { task.cancel() }
    }

    func cancelTask() {
        lock.withLock { task }?.cancel()
    }

    /// Called once per exchange by the handler's task.
    func deliver(_ outcome: HandlerOutcome) {
        let stoppedAlready = lock.withLock { () -> Bool in
            self.outcome = outcome
            writer = outcome.writer
            lock.signal()
            return stopped
        }
        if stoppedAlready { outcome.writer?.fail(.stopped) }
    }

    /// Blocks the connection thread until the handler's task delivers. It always delivers: a
    /// cancelled handler still has to return a response.
    func awaitOutcome() -> HandlerOutcome {
        lock.withLock {
            while true {
                if let outcome {
                    self.outcome = nil
                    return outcome
                }
                lock.wait(until: .never)
            }
        }
    }

    /// Forgets the finished exchange's task and writer.
    func endExchange() {
        lock.withLock {
            task = nil
            writer = nil
        }
    }
}
