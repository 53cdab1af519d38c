import ErrorCore

/// Fans values out to any number of `AsyncStream`s and to one listener closure, in the order they
/// were yielded.
///
/// The listener is called from a task of its own that reads a stream like any other subscriber, so
/// it never runs under the caller's lock and may call back into the SDK. ``finish()`` (in the
/// owner's `deinit`) ends every stream and the listener's task.
final class Broadcast<Value: Sendable>: Sendable {
    private struct State {
        var continuations: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextID = 0
        var listenerTask: Task<Void, Never>?
        var listener: (@Sendable (Value) -> Void)?
        var finished = false
    }

    private let state = Locked(State())

    init() {}

    /// A new stream of the values yielded from now on, starting with `initial` when given.
    func stream(initial: Value? = nil) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .unbounded)
        let id = state.withLock { state -> Int? in
            guard !state.finished else { return nil }
            defer { state.nextID += 1 }
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        if let initial { continuation.yield(initial) }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `value` to every stream (and so to the listener).
    func yield(_ value: Value) {
        let continuations = state.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(value) }
    }

    /// The listener, called with every value yielded after it was set; `nil` removes it.
    var listener: (@Sendable (Value) -> Void)? {
        get { state.withLock { $0.listener } }
        set {
            let stream = newValue.map { _ in self.stream() }
            let task = zip(stream, newValue).map { stream, listener in
                Task {
                    for await value in stream { listener(value) }
                }
            }
            let previous = state.withLock { state -> Task<Void, Never>? in
                defer {
                    state.listener = newValue
                    state.listenerTask = task
                }
                return state.listenerTask
            }
            previous?.cancel()
        }
    }

    /// Ends every stream and the listener.
    func finish() {
        let (continuations, task) = state.withLock { state in
            state.finished = true
            defer {
                state.continuations = [:]
                state.listenerTask = nil
            }
            return (Array(state.continuations.values), state.listenerTask)
        }
        for continuation in continuations { continuation.finish() }
        task?.cancel()
    }
}

/// Both values, or `nil` when either is missing.
private func zip<A, B>(_ first: A?, _ second: B?) -> (A, B)? {
    guard let first, let second else { return nil }
    return (first, second)
}
