#if canImport(CCurl)
    import CCurl
    import ErrorCore
    import Foundation

    /// The engine's own deadlines: idle limits and the drain window of abandoned streams (curl keeps
    /// the whole-exchange and connect timeouts itself). Everything here runs under the drive lock.
    extension CurlEngine {
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

        /// Ends the draining transfers whose window closed, stamps the watched transfers that saw activity,
        /// fails (and detaches) those silent past their idle limit, and returns the earliest remaining
        /// deadline (monotonic nanoseconds; `.max` for none).
        func enforceDeadlines(now: UInt64) -> UInt64 {
            var earliest = UInt64.max
            // Backwards, so that `detach` (which moves the last element into the freed slot) only moves
            // transfers already looked at.
            var index = watched.count - 1
            while index >= 0 {
                let transfer = watched[index]
                index -= 1
                if let drainDeadline = transfer.drainDeadline {
                    guard now >= drainDeadline else {
                        earliest = min(earliest, drainDeadline)
                        continue
                    }
                    // The response did not end in time: give up on it and on its connection.
                    transfer.fail(
                        TransportError(code: .cancelled, requestSent: true, message: "abandoned by its reader"))
                    detach(transfer)
                    continue
                }
                guard transfer.idleLimit > 0 else { continue }
                if transfer.sawActivity {
                    transfer.sawActivity = false
                    transfer.lastActivity = now
                }
                guard !transfer.pausedByConsumer else { continue }
                let deadline = transfer.lastActivity + transfer.idleLimit
                guard now >= deadline else {
                    earliest = min(earliest, deadline)
                    continue
                }
                // The same `requestSent` as curl's own timeout (CURLE_OPERATION_TIMEDOUT) would carry.
                transfer.fail(
                    TransportError(
                        code: .timedOut, requestSent: transfer.requestSent,
                        message: "no data received for \(transfer.idleLimit / 1_000_000) ms"))
                detach(transfer)
            }
            return earliest
        }
    }
#endif
