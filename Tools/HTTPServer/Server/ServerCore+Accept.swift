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

    /// Registers the connection and starts its thread, or answers 503 when at the limit.
    /// Returns the turned-away connection so the caller can linger on it.
    private func admit(_ accepted: ListeningSocket.Accepted, port: Int) -> Rejected? {
        enum Decision {
            case serve(id: Int, control: ConnectionControl)
            case reject
            case drop
        }
        let limit = max(1, configuration.maxConnections)
        let decision = state.withLock { (state: inout State) -> Decision in
            if state.stopping { return .drop }
            guard state.connections.count < limit else { return .reject }
            let id = state.nextConnectionID
            state.nextConnectionID += 1
            let control = ConnectionControl()
            state.connections[id] = Registered(descriptor: accepted.descriptor, control: control)
            return .serve(id: id, control: control)
        }
        switch decision {
        case .drop:
            close(accepted.descriptor)
            return nil
        case .reject:
            return turnAway(accepted.descriptor)
        case .serve(let id, let control):
            let thread = NativeThread.start(name: "http-c:\(port)") { [self] in
                Connection(
                    descriptor: accepted.descriptor, id: id, remotePort: accepted.remotePort, core: self,
                    control: control
                ).run()
            }
            guard thread == nil else { return nil }
            Socket.sendOnce(accepted.descriptor, ResponseHead.serviceUnavailable)
            unregister(id)
            return nil
        }
    }

    /// Sends 503 without blocking and half-closes; the client reads it and closes.
    private func turnAway(_ descriptor: Int32) -> Rejected {
        Socket.sendOnce(descriptor, ResponseHead.serviceUnavailable)
        Socket.shutdownWriting(descriptor)
        return Rejected(descriptor: descriptor, deadline: .after(Self.rejectionLinger))
    }
}
