import Foundation

/// The `HTTPResponseWriter` behind a streamed response: a hand-off queue from the async producer
/// to the connection's thread.
///
/// `write` parks its chunk together with a continuation and suspends; the connection thread
/// frames the chunk, sends it, then resumes the continuation. So a chunk reaches the socket as
/// soon as the thread wakes (microseconds), at most one chunk per concurrent writer is ever held
/// here, and a slow client suspends the producer instead of growing memory.
final class StreamWriter: HTTPResponseWriter, @unchecked Sendable {
    struct Chunk {
        let data: Data
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// What the connection thread should do next.
    enum Event {
        case chunk(Chunk)
        /// The producer returned (or threw) and every chunk it wrote has been handed over.
        case finished(producerFailed: Bool)
        /// Nothing happened before the deadline.
        case idle
    }

    private let lock: ConditionLock
    // Guarded by `lock`.
    private var pending: [Chunk] = []
    private var failure: HTTPServerError?
    private var finished = false
    private var producerFailed = false

    init(lock: ConditionLock) {
        self.lock = lock
    }

    func write(_ data: Data) async throws {
        // Why the writer failed comes first: a vanished client fails the writer and then cancels the
        // producer, and a producer between two writes must learn `.clientDisconnected`, not just that it
        // was cancelled.
        if let failure = lock.withLock({ failure }) { throw failure }
        try Task.checkCancellation()
        // A zero-length chunk would end the chunked body, so empty writes send nothing.
        guard !data.isEmpty else { return }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let refusal = lock.withLock { () -> HTTPServerError? in
                if let failure { return failure }
                if finished { return .responseFinished }
                pending.append(Chunk(data: data, continuation: continuation))
                lock.signal()
                return nil
            }
            if let refusal { continuation.resume(throwing: refusal) }
        }
    }

    /// Called by the producer's task when the producer returns or throws.
    func finish(producerFailed: Bool) {
        lock.withLock {
            finished = true
            self.producerFailed = producerFailed
            lock.signal()
        }
    }

    /// Connection thread: waits until `deadline` for a chunk or the end of the producer.
    func next(until deadline: Deadline) -> Event {
        lock.withLock {
            while true {
                if !pending.isEmpty { return .chunk(pending.removeFirst()) }
                if finished { return .finished(producerFailed: producerFailed) }
                if deadline.hasPassed { return .idle }
                lock.wait(until: deadline)
            }
        }
    }

    /// Refuses every queued and future write with `error` (the first failure wins).
    func fail(_ error: HTTPServerError) {
        let (dropped, reason) = lock.withLock { () -> ([Chunk], HTTPServerError) in
            if failure == nil { failure = error }
            defer { pending.removeAll() }
            return (pending, failure ?? error)
        }
        for chunk in dropped { chunk.continuation.resume(throwing: reason) }
    }
}
