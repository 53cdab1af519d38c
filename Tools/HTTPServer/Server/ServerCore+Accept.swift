import ErrorCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ServerCore {
    /// A connection turned away with 503, kept only until the client has read the answer.
    private struct Rejected {
        let descriptor: Int32
        let deadline: Deadline
    }

    /// At most this many turned-away connections wait for their client to close; beyond that they
    /// are closed at once (the 503 is already on the wire).
    private static let maxLingeringRejections = 64
    private static let rejectionLinger: Duration = .seconds(1)
    /// Upper bound on any wait, so `stopping` is noticed even if the listener wake-up were missed.
    private static let pollCeiling: Duration = .milliseconds(250)
    private static let exhaustionBackoff: Duration = .milliseconds(50)

    /// The accept thread: admits connections until shutdown, then closes the listener.
    func acceptLoop(listener: Int32, port: Int) {
        var rejected: [Rejected] = []
        var backoffUntil: Deadline?
        while !isStopping {
            if let backoff = backoffUntil, backoff.hasPassed { backoffUntil = nil }
            let listening = backoffUntil == nil
            var entries: [pollfd] = []
            if listening { entries.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
            var wake = Deadline.after(Self.pollCeiling)
            for connection in rejected {
                entries.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0))
                wake = min(wake, connection.deadline)
            }
            if let backoff = backoffUntil { wake = min(wake, backoff) }
            _ = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), wake.pollTimeout) }
            if isStopping { break }

            let offset = listening ? 1 : 0
            var stillLingering: [Rejected] = []
            for (index, connection) in rejected.enumerated() {
                let readable = entries[offset + index].revents != 0
                let open = readable ? Socket.discardPending(connection.descriptor) : true
                if open, !connection.deadline.hasPassed {
                    stillLingering.append(connection)
                } else {
                    close(connection.descriptor)
                }
            }
            rejected = stillLingering

            guard listening, entries[0].revents != 0 else { continue }
            accepting: for _ in 0..<64 {
                switch ListeningSocket.accept(from: listener) {
                case .accepted(let accepted):
                    guard let turnedAway = admit(accepted, port: port) else { continue }
                    if rejected.count < Self.maxLingeringRejections {
                        rejected.append(turnedAway)
                    } else {
                        close(turnedAway.descriptor)
                    }
                case .nothingPending:
                    break accepting
                case .exhausted, .listenerFailed:
                    backoffUntil = .after(Self.exhaustionBackoff)
                    break accepting
                }
            }
        }
        for connection in rejected { close(connection.descriptor) }
        acceptLoopEnded(listener: listener)
    }

    /// Registers the connection and starts its thread, shedding the slowest idle, closing or
    /// trickling connection when every slot is taken, or answers 503 when none can be shed.
    /// Returns the turned-away connection so the caller can linger on it.
    private func admit(_ accepted: ListeningSocket.Accepted, port: Int) -> Rejected? {
        enum Decision {
            case serve(id: Int, control: ConnectionControl, activity: ConnectionActivity)
            case reject
            case drop
        }
        let limit = max(1, configuration.maxConnections)
        let minimumRate = configuration.minimumTransferRate
        let decision = state.withLock { (state: inout State) -> Decision in
            if state.stopping { return .drop }
            if state.connections.count - state.shedding >= limit {
                guard Self.shedSlowest(of: state.connections, minimumRate: minimumRate) else { return .reject }
                state.shedding += 1
            }
            let id = state.nextConnectionID
            state.nextConnectionID += 1
            let control = ConnectionControl()
            let activity = ConnectionActivity()
            state.connections[id] = Registered(descriptor: accepted.descriptor, control: control, activity: activity)
            return .serve(id: id, control: control, activity: activity)
        }
        switch decision {
        case .drop:
            close(accepted.descriptor)
            return nil
        case .reject:
            return turnAway(accepted.descriptor)
        case .serve(let id, let control, let activity):
            let thread = NativeThread.start(name: "http-c:\(port)") { [self] in
                Connection(
                    descriptor: accepted.descriptor, id: id, remotePort: accepted.remotePort, core: self,
                    control: control, activity: activity
                ).run()
            }
            guard thread == nil else { return nil }
            Socket.sendOnce(accepted.descriptor, ResponseHead.serviceUnavailable)
            unregister(id)
            return nil
        }
    }

    /// Sheds the connection that has received the fewest bytes per second in its current phase
    /// (over at least a second; the longest waiting first among equals) among those idle, closing,
    /// or receiving a request below `minimumRate`; never one running its handler or writing its
    /// response. Ends the victim's reading side: its thread wakes, answers 503 if it was
    /// mid-request, and closes. Called under the registry lock, so every descriptor is still open.
    /// Returns false when none qualifies.
    private static func shedSlowest(of connections: [Int: Registered], minimumRate: Int) -> Bool {
        let now = Deadline.now
        var candidates: [(entry: Registered, rate: Double, since: Deadline)] = []
        for entry in connections.values {
            let snapshot = entry.activity.snapshot
            guard !snapshot.isShed else { continue }
            // Bytes per second, counting at least one second: a phase a moment old has not earned a
            // high rate from its first few bytes.
            let elapsed = Double(now.nanoseconds &- min(now.nanoseconds, snapshot.since.nanoseconds)) / 1e9
            let rate = Double(snapshot.bytes) / max(elapsed, 1)
            switch snapshot.phase {
            case .busy: continue
            case .head, .body: guard rate < Double(minimumRate) else { continue }
            case .idle, .closing: break
            }
            candidates.append((entry, rate, snapshot.since))
        }
        candidates.sort { $0.rate != $1.rate ? $0.rate < $1.rate : $0.since < $1.since }
        // A candidate that turned busy since its snapshot refuses; the next one is asked.
        guard let victim = candidates.first(where: { $0.entry.activity.shedUnlessBusy() }) else { return false }
        Socket.shutdownReading(victim.entry.descriptor)
        return true
    }

    /// Sends 503 without blocking and half-closes; the client reads it and closes.
    private func turnAway(_ descriptor: Int32) -> Rejected {
        Socket.sendOnce(descriptor, ResponseHead.serviceUnavailable)
        Socket.shutdownWriting(descriptor)
        return Rejected(descriptor: descriptor, deadline: .after(Self.rejectionLinger))
    }
}
