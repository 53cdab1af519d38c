import ErrorCore
import Foundation

/// What a body stream's producer (a transfer) must do when its consumer changes its mind.
protocol BodyStreamProducer: AnyObject, Sendable {
    /// The consumer drained the buffer after the producer was told to pause: deliver again.
    func resumeProducing()
    /// The consumer is gone (its Task was cancelled, or a limit was hit): end the exchange now.
    func stopProducing()
    /// The consumer stopped reading before the end (dropped the stream or its iterator): the producer
    /// may finish the exchange quietly if it is about to end, or else stop it.
    func abandonProducing()
}

extension BodyStreamProducer {
    /// Stops at once.
    func abandonProducing() {
        stopProducing()
    }
}

/// The bounded hand-off between a transfer delivering body chunks and the Task iterating them.
///
/// A chunk offered while a consumer waits goes straight to it. Otherwise chunks queue until
/// `highWater` bytes are buffered; past that the producer is told to pause and, once the consumer
/// has drained down to `lowWater`, to resume. Every transition happens under one lock; continuations
/// are resumed after it is released.
final class BodyStreamBuffer: Sendable {
    private enum Terminal {
        case finished
        case failed(any Error)
        case cancelled
    }

    private struct State {
        var chunks: [Data] = []
        var head = 0
        var bufferedBytes = 0
        var peakBufferedBytes = 0
        var waiter: UnsafeContinuation<Data?, any Error>?
        var terminal: Terminal?
        var producer: (any BodyStreamProducer)?
        var producerPaused = false
        var pauseCount = 0
        var pauseWaiters: [CheckedContinuation<Void, Never>] = []
        var iteratorCreated = false

        mutating func notePause() -> [CheckedContinuation<Void, Never>] {
            pauseCount += 1
            defer { pauseWaiters = [] }
            return pauseWaiters
        }

        mutating func popChunk() -> Data? {
            guard head < chunks.count else { return nil }
            let chunk = chunks[head]
            chunks[head] = Data()
            head += 1
            bufferedBytes -= chunk.count
            if head == chunks.count {
                chunks.removeAll(keepingCapacity: true)
                head = 0
            }
            return chunk
        }
    }

    let highWater: Int
    let lowWater: Int
    private let state = Locked(State())

    init(highWater: Int = 1 << 20) {
        self.highWater = highWater
        self.lowWater = highWater / 2
    }

    /// Connects the producer; the buffer holds it until the stream ends, then lets it go.
    func attach(_ producer: any BodyStreamProducer) {
        state.withLock { $0.producer = producer }
    }

    /// The most bytes ever queued at once (tests use it to prove the bound holds).
    var peakBufferedBytes: Int { state.withLock { $0.peakBufferedBytes } }

    /// How many times the producer was told to pause.
    var pauseCount: Int { state.withLock { $0.pauseCount } }

    /// Whether the producer should be paused now: the latest decision, whoever made it.
    var isProducerPaused: Bool { state.withLock { $0.producerPaused } }

    /// Returns once the producer has been told to pause at least once (tests await this instead of
    /// guessing how long a slow consumer must wait).
    func waitForProducerPause() async {
        await withCheckedContinuation { continuation in
            let paused = state.withLock { state in
                if state.pauseCount == 0 { state.pauseWaiters.append(continuation) }
                return state.pauseCount > 0
            }
            if paused { continuation.resume() }
        }
    }

    // MARK: Producer side

    /// Takes a chunk unless the buffer is full; `false` means nothing was taken and the producer must
    /// pause until ``BodyStreamProducer/resumeProducing()``. Chunks after the consumer left are
    /// accepted and dropped.
    func offer(_ bytes: UnsafeRawBufferPointer) -> Bool {
        enum Action {
            case none
            case deliver(UnsafeContinuation<Data?, any Error>, Data)
            case refuse([CheckedContinuation<Void, Never>])
        }
        let action: Action = state.withLock { state in
            if state.terminal != nil { return .none }
            if let waiter = state.waiter {
                state.waiter = nil
                return .deliver(waiter, Data(bytes))
            }
            if state.bufferedBytes >= highWater {
                state.producerPaused = true
                return .refuse(state.notePause())
            }
            state.chunks.append(Data(bytes))
            state.bufferedBytes += bytes.count
            state.peakBufferedBytes = max(state.peakBufferedBytes, state.bufferedBytes)
            return .none
        }
        switch action {
        case .none: return true
        case .deliver(let waiter, let chunk):
            waiter.resume(returning: chunk)
            return true
        case .refuse(let pauseWaiters):
            for waiter in pauseWaiters { waiter.resume() }
            return false
        }
    }

    /// Always takes the chunk (for producers that cannot refuse data); returns `true` when the
    /// producer should pause until ``BodyStreamProducer/resumeProducing()``.
    func push(_ chunk: Data) -> Bool {
        let (waiter, pauseWaiters): (UnsafeContinuation<Data?, any Error>?, [CheckedContinuation<Void, Never>]?) =
            state.withLock { state in
                if state.terminal != nil { return (nil, nil) }
                if let waiter = state.waiter {
                    state.waiter = nil
                    return (waiter, nil)
                }
                state.chunks.append(chunk)
                state.bufferedBytes += chunk.count
                state.peakBufferedBytes = max(state.peakBufferedBytes, state.bufferedBytes)
                if state.bufferedBytes >= highWater && !state.producerPaused {
                    state.producerPaused = true
                    return (nil, state.notePause())
                }
                return (nil, nil)
            }
        waiter?.resume(returning: chunk)
        for waiter in pauseWaiters ?? [] { waiter.resume() }
        return pauseWaiters != nil
    }

    /// Ends the stream after the queued chunks: normally when `error` is `nil`, else by throwing it
    /// from the iterator. Ignored once the stream has ended.
    func finish(throwing error: (any Error)? = nil) {
        let (waiter, pauseWaiters): (UnsafeContinuation<Data?, any Error>?, [CheckedContinuation<Void, Never>]) =
            state.withLock { state in
                guard state.terminal == nil else { return (nil, []) }
                state.terminal = error.map { .failed($0) } ?? .finished
                state.producer = nil
                let waiter = state.waiter
                state.waiter = nil
                // A waiter means nothing is queued: it receives the outcome now, so later calls see the end.
                if waiter != nil { state.terminal = .finished }
                defer { state.pauseWaiters = [] }
                return (waiter, state.pauseWaiters)
            }
        for pauseWaiter in pauseWaiters { pauseWaiter.resume() }
        guard let waiter else { return }
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: nil) }
    }

    // MARK: Consumer side

    /// The next chunk, `nil` at the end; throws the producer's failure once, or `CancellationError`
    /// when the consuming Task is cancelled (which also stops the producer).
    func next() async throws -> Data? {
        if Task.isCancelled {
            cancel()
            throw CancellationError()
        }
        // What is already here is handed over without suspending: a suspension resumes through the
        // executor, a thread hop per chunk whenever the consumer is behind the network.
        if let ready = state.withLock({ Self.ready(&$0, lowWater: lowWater) }) { return try Self.deliver(ready) }
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Data?, any Error>) in
                let ready: Ready? = state.withLock { state in
                    if let ready = Self.ready(&state, lowWater: lowWater) { return ready }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: Result { try Self.deliver(ready) }) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// What the consumer can have without waiting.
    private enum Ready {
        case chunk(Data, resume: (any BodyStreamProducer)?)
        case end
        case fail(any Error)
    }

    /// Takes what is ready for the consumer, or `nil` when it must wait. Runs under the lock.
    private static func ready(_ state: inout State, lowWater: Int) -> Ready? {
        if let chunk = state.popChunk() {
            var resume: (any BodyStreamProducer)?
            if state.producerPaused && state.bufferedBytes <= lowWater {
                state.producerPaused = false
                resume = state.producer
            }
            return .chunk(chunk, resume: resume)
        }
        switch state.terminal {
        case .finished?:
            return .end
        case .failed(let error)?:
            state.terminal = .finished
            return .fail(error)
        case .cancelled?:
            return .fail(CancellationError())
        case nil:
            return nil
        }
    }

    /// Hands a ready outcome over, outside the lock (a paused producer is told to resume first).
    private static func deliver(_ ready: Ready) throws -> Data? {
        switch ready {
        case .chunk(let chunk, let producer):
            producer?.resumeProducing()
            return chunk
        case .end: return nil
        case .fail(let error): throw error
        }
    }

    /// Abandons the stream from the consumer side: a waiting `next()` throws `CancellationError`,
    /// queued chunks are dropped and the producer is stopped.
    func cancel() {
        end(stopping: true)
    }

    /// The consumer dropped the stream before its end: like ``cancel()``, except that the producer is
    /// told to abandon rather than stop (it may let a response that is about to end finish quietly).
    func abandon() {
        end(stopping: false)
    }

    private func end(stopping: Bool) {
        let (waiter, producer, pauseWaiters):
            (UnsafeContinuation<Data?, any Error>?, (any BodyStreamProducer)?, [CheckedContinuation<Void, Never>]) =
                state.withLock { state in
                    state.chunks.removeAll()
                    state.head = 0
                    state.bufferedBytes = 0
                    guard state.terminal == nil else { return (nil, nil, []) }
                    state.terminal = .cancelled
                    defer {
                        state.waiter = nil
                        state.producer = nil
                        state.pauseWaiters = []
                    }
                    return (state.waiter, state.producer, state.pauseWaiters)
                }
        for pauseWaiter in pauseWaiters { pauseWaiter.resume() }
        waiter?.resume(throwing: CancellationError())
        if stopping { producer?.stopProducing() } else { producer?.abandonProducing() }
    }

    /// Records that iteration began, so dropping the sequence value alone no longer cancels.
    func markIteratorCreated() {
        state.withLock { $0.iteratorCreated = true }
    }

    /// The last copy of the sequence went away: cancel unless someone is (or was) iterating, in which
    /// case the iterator's own lifetime decides.
    func sequenceDropped() {
        let iterating = state.withLock { $0.iteratorCreated }
        if !iterating { abandon() }
    }
}
