import ErrorCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared state behind an `HTTPServer`: the connection registry and the shutdown rendezvous.
///
/// Threads hold the core, not the `HTTPServer`, so dropping the last `HTTPServer` reference can
/// still begin an orderly shutdown from `deinit`.
final class ServerCore: Sendable {
    /// A live connection, as the registry sees it.
    struct Registered: Sendable {
        let descriptor: Int32
        let control: ConnectionControl
        let activity: ConnectionActivity
    }

    struct State: Sendable {
        var started = false
        var stopping = false
        var port = 0
        /// -1 once the accept thread has closed it.
        var listener: Int32 = -1
        var acceptLoopRunning = false
        var nextConnectionID = 1
        var connections: [Int: Registered] = [:]
        /// Registered connections already shed, whose threads are on their way out; they no longer
        /// count against `maxConnections`.
        var shedding = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// The last server thread that finished, still to be joined (by the next one to finish, or
        /// by shutdown). Joining one behind keeps every join a matter of microseconds.
        var finishedThread: pthread_t?
        /// `waitForOpenConnections(atMost:)` callers, by ticket.
        var countWaiters: [Int: CountWaiter] = [:]
        var nextTicket = 0

        var isDrained: Bool { stopping && !acceptLoopRunning && connections.isEmpty }

        mutating func takeWaitersIfDrained() -> [CheckedContinuation<Void, Never>] {
            guard isDrained else { return [] }
            defer { waiters.removeAll() }
            return waiters
        }
    }

    /// A task waiting for the open-connection count to fall to `limit`.
    struct CountWaiter: Sendable {
        let limit: Int
        let continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    let configuration: HTTPServer.Configuration
    let handler: HTTPServer.Handler
    let state = Locked(State())

    init(configuration: HTTPServer.Configuration, handler: @escaping HTTPServer.Handler) {
        self.configuration = configuration
        self.handler = handler
    }

    var port: Int { state.withLock { $0.port } }

    var openConnectionCount: Int { state.withLock { $0.connections.count } }

    var isStopping: Bool { state.withLock { $0.stopping } }

    func start() throws(HTTPServerError) -> Int {
        try state.withLock { (state: inout State) throws(HTTPServerError) in
            if state.stopping { throw .stopped }
            if state.started { throw .alreadyStarted }
            state.started = true
        }
        // Belt and braces: every send already uses MSG_NOSIGNAL.
        signal(SIGPIPE, SIG_IGN)
        let listener: Int32
        let port: Int
        do {
            (listener, port) = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        } catch {
            state.withLock { $0.started = false }
            throw error
        }
        // Registered before the thread starts, so a concurrent shutdown() always sees and wakes it.
        let proceed = state.withLock { (state: inout State) -> Bool in
            guard !state.stopping else { return false }
            state.port = port
            state.listener = listener
            state.acceptLoopRunning = true
            return true
        }
        guard proceed else {
            close(listener)
            throw .stopped
        }
        let thread = NativeThread.start(name: "http-a:\(port)") { [self] in acceptLoop(listener: listener, port: port) }
        guard thread != nil else {
            let waiters = state.withLock { (state: inout State) -> [CheckedContinuation<Void, Never>] in
                close(listener)
                state.listener = -1
                state.acceptLoopRunning = false
                state.started = false
                return state.takeWaitersIfDrained()
            }
            for waiter in waiters { waiter.resume() }
            throw .systemCallFailed(operation: "pthread_create", code: EAGAIN)
        }
        return port
    }

    /// The synchronous half of shutdown: stop accepting and wake every connection thread.
    ///
    /// Sockets are shut down, not closed, under the registry lock: only a connection's own thread
    /// closes its descriptor (also under the lock), so a number is never closed twice or reused
    /// while someone still uses it.
    func beginShutdown() {
        let controls = state.withLock { (state: inout State) -> [ConnectionControl] in
            guard !state.stopping else { return [] }
            state.stopping = true
            if state.listener >= 0 { Socket.shutdownBoth(state.listener) }
            for entry in state.connections.values { Socket.shutdownBoth(entry.descriptor) }
            return state.connections.values.map(\.control)
        }
        for control in controls { control.stop() }
    }

    /// Stops everything and returns once the accept thread and every connection thread are done.
    func shutdown() async {
        beginShutdown()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let drained = state.withLock { (state: inout State) -> Bool in
                if state.isDrained { return true }
                state.waiters.append(continuation)
                return false
            }
            if drained { continuation.resume() }
        }
        // Every thread has run its last line; wait for the final one to be gone too.
        let last = state.withLock { (state: inout State) -> pthread_t? in
            defer { state.finishedThread = nil }
            return state.finishedThread
        }
        if let last { pthread_join(last, nil) }
    }

    /// Forgets a connection and closes its socket, under the lock so `beginShutdown` never
    /// touches a closed descriptor.
    func unregister(_ id: Int) {
        let (waiters, counted) = state.withLock { (state: inout State) in
            state.forget(id)
            return (state.takeWaitersIfDrained(), state.takeSatisfiedCountWaiters())
        }
        resume(waiters, counted)
    }

    /// Called by a connection thread as its last act: unregisters, and retires the thread.
    func connectionThreadFinished(_ id: Int) {
        let (waiters, counted, previous) = state.withLock { (state: inout State) in
            state.forget(id)
            return (state.takeWaitersIfDrained(), state.takeSatisfiedCountWaiters(), state.retireCurrentThread())
        }
        if let previous { pthread_join(previous, nil) }
        resume(waiters, counted)
    }

    /// Called by the accept thread as its last act.
    func acceptLoopEnded(listener: Int32) {
        let (waiters, previous) = state.withLock { (state: inout State) in
            close(listener)
            state.listener = -1
            state.acceptLoopRunning = false
            return (state.takeWaitersIfDrained(), state.retireCurrentThread())
        }
        if let previous { pthread_join(previous, nil) }
        resume(waiters, [])
    }

    private func resume(_ waiters: [CheckedContinuation<Void, Never>], _ counted: [CountWaiter]) {
        for waiter in waiters { waiter.resume() }
        for waiter in counted {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }
}

extension ServerCore.State {
    /// Removes connection `id` from the registry and closes its socket.
    fileprivate mutating func forget(_ id: Int) {
        guard let entry = connections.removeValue(forKey: id) else { return }
        close(entry.descriptor)
        if entry.activity.isShed { shedding -= 1 }
    }

    /// Leaves the calling thread to be joined later and returns the one it replaces.
    fileprivate mutating func retireCurrentThread() -> pthread_t? {
        defer { finishedThread = pthread_self() }
        return finishedThread
    }

    mutating func takeSatisfiedCountWaiters() -> [ServerCore.CountWaiter] {
        guard !countWaiters.isEmpty else { return [] }
        let satisfied = countWaiters.filter { connections.count <= $0.value.limit }
        for ticket in satisfied.keys { countWaiters[ticket] = nil }
        return Array(satisfied.values)
    }
}
