import ErrorCore

/// What one connection is doing, for the accept thread to judge whom to shed when every slot is taken.
///
/// The connection's thread reports each phase and every byte a request brings; the accept thread reads
/// a snapshot and may mark the connection shed. A connection is only ever shed while it waits for a
/// request, reads one, or lingers before closing; never while its handler runs or its response is
/// written, because entering ``Phase/busy`` and shedding exclude each other under one lock.
final class ConnectionActivity: Sendable {
    /// Where a connection is in its life.
    enum Phase: Sendable {
        /// Waiting for a request to start (the first, or the next on a kept-alive connection).
        case idle
        /// Reading a request's header section.
        case head
        /// Reading a request's body.
        case body
        /// Running the handler and writing the response: the server's own work, never shed.
        case busy
        /// Done, draining what the client still sends before the close.
        case closing
    }

    /// One reading of the activity.
    struct Snapshot: Sendable {
        var phase: Phase = .idle
        /// When the phase began.
        var since: Deadline = .now
        /// Bytes received since the phase began.
        var bytes = 0
        var isShed = false
    }

    private let state = Locked(Snapshot())

    /// Enters `phase` with `bytes` already received for it; false (and nothing changes) once the
    /// connection has been shed, which its thread obeys by closing.
    @discardableResult
    func begin(_ phase: Phase, bytes: Int = 0) -> Bool {
        state.withLock { state in
            guard !state.isShed else { return false }
            state = Snapshot(phase: phase, since: .now, bytes: bytes, isShed: false)
            return true
        }
    }

    /// Counts `count` more bytes for the current phase.
    func received(_ count: Int) {
        state.withLock { $0.bytes += count }
    }

    /// Whether the accept thread has shed the connection.
    var isShed: Bool { state.withLock { $0.isShed } }

    /// The phase, its start, its bytes and whether the connection was shed.
    var snapshot: Snapshot { state.withLock { $0 } }

    /// Marks the connection shed unless it is busy (or already shed); returns whether it did.
    func shedUnlessBusy() -> Bool {
        state.withLock { state in
            guard !state.isShed, state.phase != .busy else { return false }
            state.isShed = true
            return true
        }
    }
}
