#if canImport(CCurl)
    import CCurl
    import ErrorCore
    import Foundation

    /// The engine's own deadlines: the exchange and connect limits, idle limits, and the drain window of
    /// abandoned streams; curl keeps no timer of its own for any transfer. Everything here runs under the
    /// drive lock.
    ///
    /// Exchange and connect limits are fixed once a transfer is attached, so the engine keeps the transfers
    /// that have one (``timed``, every `send`) with the earliest of their deadlines, and looks at them only
    /// once that deadline has come: a request pays two stores and a swap for its deadline, not a visit
    /// per loop. Idle limits move with every arrival and the watched transfers are looked at on every loop.
    extension CurlEngine {
        /// Adds `transfer` to ``timed`` (its ``CurlTransfer/deadline`` is not `.max`).
        func time(_ transfer: CurlTransfer) {
            transfer.timedSlot = timed.count
            timed.append(transfer)
            earliestDeadline = min(earliestDeadline, transfer.deadline)
        }

        /// Takes `transfer` out of ``timed``, if there. ``earliestDeadline`` is left as it is: when it comes,
        /// ``enforceExchangeDeadlines(now:)`` finds nothing due and works the true one out again.
        func untime(_ transfer: CurlTransfer) {
            let slot = transfer.timedSlot
            guard slot >= 0 else { return }
            let last = timed.removeLast()
            if last !== transfer {
                timed[slot] = last
                last.timedSlot = slot
            }
            transfer.timedSlot = -1
        }

        func watch(_ transfer: CurlTransfer) {
            guard !transfer.isWatched else { return }
            transfer.isWatched = true
            watched.append(transfer)
        }

        func unwatch(_ transfer: CurlTransfer) {
            guard transfer.isWatched, let slot = watched.firstIndex(where: { $0 === transfer }) else { return }
            watched.swapAt(slot, watched.count - 1)
            watched.removeLast()
            transfer.isWatched = false
        }

        /// Fails (and detaches) the transfers past their exchange or connect limit, and returns the earliest
        /// deadline of those left (`.max` for none). Called once ``earliestDeadline`` has come.
        func enforceExchangeDeadlines(now: UInt64) -> UInt64 {
            sweep(timed) { transfer in
                let deadline = transfer.deadline
                guard now >= deadline else { return deadline }
                let message =
                    transfer.deadlineIsConnects
                    ? "no connection within \(transfer.limits.connect / 1_000_000) ms"
                    : "no complete response within \(transfer.limits.exchange / 1_000_000) ms"
                transfer.fail(TransportError(code: .timedOut, requestSent: transfer.requestSent, message: message))
                detach(transfer)
                return nil
            }
        }

        /// Ends the draining transfers whose window closed, stamps the watched transfers that saw activity,
        /// fails (and detaches) those silent past their idle limit, and returns the earliest remaining
        /// deadline (monotonic nanoseconds; `.max` for none).
        func enforceDeadlines(now: UInt64) -> UInt64 {
            sweep(watched) { transfer in
                if let drainDeadline = transfer.drainDeadline {
                    guard now >= drainDeadline else { return drainDeadline }
                    // The response did not end in time: give up on it and on its connection.
                    transfer.fail(
                        TransportError(code: .cancelled, requestSent: true, message: "abandoned by its reader"))
                    detach(transfer)
                    return nil
                }
                guard transfer.limits.idle > 0 else { return nil }
                if transfer.sawActivity {
                    transfer.sawActivity = false
                    transfer.lastActivity = now
                }
                guard !transfer.pausedByConsumer else { return nil }
                let deadline = transfer.lastActivity + transfer.limits.idle
                guard now >= deadline else { return deadline }
                // The same `requestSent` as curl's own timeout (CURLE_OPERATION_TIMEDOUT) would carry.
                transfer.fail(
                    TransportError(
                        code: .timedOut, requestSent: transfer.requestSent,
                        message: "no data received for \(transfer.limits.idle / 1_000_000) ms"))
                detach(transfer)
                return nil
            }
        }

        /// Runs `visit` on each of `transfers` (the list as it is now: a transfer `visit` detaches leaves the
        /// engine's list, not this one) and returns the earliest deadline it returned, `.max` for none; `visit`
        /// returns `nil` for a transfer it ended or one without a deadline.
        private func sweep(_ transfers: [CurlTransfer], _ visit: (CurlTransfer) -> UInt64?) -> UInt64 {
            var earliest = UInt64.max
            for transfer in transfers {
                if let deadline = visit(transfer) { earliest = min(earliest, deadline) }
            }
            return earliest
        }
    }
#endif
