#if canImport(CCurl)
    import CCurl
    import Foundation
    import ErrorCore

    /// libcurl's process-wide setup, which must run once before any other curl call and is not
    /// thread-safe itself; a static `let` gives exactly-once, thread-safe initialisation.
    enum CurlGlobal {
        static let initResult: CURLcode = sdk_curl_global_init_default()
    }

    /// One curl multi handle and the dedicated thread that drives it.
    ///
    /// Callers hand work over through `submit`: a lock-protected command queue plus `curl_multi_wakeup`
    /// when the thread is asleep in `curl_multi_poll`. The thread runs every transfer's callbacks, so
    /// transfers need no locks for their response state. Connections stay in the multi handle's cache
    /// between requests, which is what makes sequential requests reuse one connection.
    ///
    /// Idle limits (``HTTPRequest/idleTimeout``) are enforced here rather than with a timer per
    /// transfer: the callbacks only set a flag when something arrives, and once per loop the engine reads
    /// the monotonic clock, stamps the transfers that saw activity and fails those silent for too long.
    /// `curl_multi_poll` sleeps no longer than the earliest idle deadline, so expiry is seen within a
    /// millisecond or two. A transfer paused for a slow consumer has no deadline until it is unpaused.
    ///
    /// A stream whose reader leaves before the end (drops the iterator) is not cut at once: the engine
    /// reads and drops the rest for up to ``CurlTransport/Configuration/drainWindow`` and ``CurlTransfer/drainBudget``
    /// bytes, so a response that was about to end (an SSE stream after its last event) returns its
    /// connection to the pool; past either limit the connection is closed. Cancelling the reading Task
    /// still closes it at once.
    ///
    /// Lifetime: the thread holds the engine; transfers hold the engine; the owning ``CurlTransport``
    /// calls ``ownerReleased()`` from its deinit. The thread exits once the owner is gone and no transfer
    /// is attached, so streams outlive a dropped transport safely; the multi handle is freed in `deinit`.
    final class CurlEngine: @unchecked Sendable {
        enum Command {
            case add(CurlTransfer)
            case remove(CurlTransfer)
            case unpause(CurlTransfer)
            /// The body's consumer left before the end: read and drop the rest for a moment (see
            /// ``CurlTransport/Configuration/drainWindow``), so a response about to end keeps its connection.
            case drain(CurlTransfer)
        }

        private struct Inbox {
            var commands: [Command] = []
            var sleeping = false
            var ownerGone = false
            var closed = false
        }

        let pool = CurlEasyHandlePool()
        private let multi: UnsafeMutableRawPointer
        private let inbox = Locked(Inbox())
        /// Engine-thread only.
        private var attachedCount = 0
        /// The attached transfers with a deadline: an idle limit, or a drain (engine-thread only).
        private var watched: [CurlTransfer] = []
        /// The longest `curl_multi_poll` sleep, in milliseconds.
        private static let maxPollMilliseconds: UInt64 = 1000

        /// Starts the engine thread; `nil` when libcurl cannot be initialised.
        init?() {
            guard CurlGlobal.initResult == CURLE_OK, let multi = curl_multi_init() else { return nil }
            self.multi = multi
            // HTTP/1.1 only: never multiplex or pipeline requests onto one connection.
            sdk_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, CURLPIPE_NOTHING)
            let thread = Thread { [self] in run() }
            thread.name = "CurlTransport"
            thread.start()
        }

        /// Queues `command` for the engine thread and wakes it if it sleeps. Returns `false` once the
        /// engine has shut down (nothing is attached then, so only a late `add` can see it).
        @discardableResult
        func submit(_ command: Command) -> Bool {
            let (accepted, wake) = inbox.withLock { inbox in
                guard !inbox.closed else { return (false, false) }
                inbox.commands.append(command)
                defer { inbox.sleeping = false }
                return (true, inbox.sleeping)
            }
            // Outside the lock: the woken thread takes that lock at once, and `multi` stays valid until
            // deinit, which cannot run while a caller is here.
            if wake { curl_multi_wakeup(multi) }
            return accepted
        }

        /// The owning transport is gone: shut down once the last transfer is done.
        func ownerReleased() {
            let wake = inbox.withLock { inbox in
                inbox.ownerGone = true
                defer { inbox.sleeping = false }
                return inbox.sleeping
            }
            if wake { curl_multi_wakeup(multi) }
        }

        deinit {
            // Only now, when neither the thread nor any transfer nor the transport can reach the engine.
            curl_multi_cleanup(multi)
            pool.drain()
        }

        private func run() {
            var batch: [Command] = []
            batch.reserveCapacity(64)
            while true {
                let shouldExit = inbox.withLock { inbox in
                    swap(&inbox.commands, &batch)
                    guard batch.isEmpty && inbox.ownerGone && attachedCount == 0 else { return false }
                    inbox.closed = true
                    return true
                }
                if shouldExit { break }
                for command in batch { execute(command) }
                batch.removeAll(keepingCapacity: true)

                var running: Int32 = 0
                curl_multi_perform(multi, &running)
                collectFinished()
                let pollMilliseconds = watched.isEmpty ? Int32(Self.maxPollMilliseconds) : enforceDeadlines()

                let shouldSleep = inbox.withLock { inbox in
                    guard inbox.commands.isEmpty && !(inbox.ownerGone && attachedCount == 0) else { return false }
                    inbox.sleeping = true
                    return true
                }
                if shouldSleep {
                    // Returns early on socket activity, curl's own timers (timeouts) or a wakeup.
                    curl_multi_poll(multi, nil, 0, pollMilliseconds, nil)
                    inbox.withLock { $0.sleeping = false }
                }
            }
        }

        private func execute(_ command: Command) {
            switch command {
            case .add(let transfer):
                guard !transfer.isCancelled else {
                    transfer.releaseHandle()
                    return
                }
                let result = curl_multi_add_handle(multi, transfer.handle.raw)
                guard result == CURLM_OK else {
                    transfer.releaseHandle()
                    let message =
                        curl_multi_strerror(result).map { String(cString: $0) } ?? "curl_multi_add_handle failed"
                    transfer.fail(TransportError(code: .unknown, requestSent: false, message: message))
                    return
                }
                _ = Unmanaged.passRetained(transfer)
                transfer.isAttached = true
                attachedCount += 1
                if transfer.idleLimit > 0 {
                    // The idle clock starts now: stamped with this loop's clock read.
                    transfer.sawActivity = true
                    watch(transfer)
                }
            case .remove(let transfer):
                if transfer.isAttached { detach(transfer) }
            case .unpause(let transfer):
                guard transfer.isAttached else { return }
                // Reading resumes, and so does the idle clock; unpausing may deliver (and pause) at once.
                transfer.pausedByConsumer = false
                transfer.sawActivity = true
                sdk_curl_easy_unpause(transfer.handle.raw)
            case .drain(let transfer):
                guard transfer.isAttached, transfer.drainDeadline == nil else { return }
                transfer.drainDeadline = Self.monotonicNanoseconds() + transfer.drainWindow
                watch(transfer)
                // A transfer paused for its (now gone) consumer must read again to reach its end.
                if transfer.pausedByConsumer {
                    transfer.pausedByConsumer = false
                    sdk_curl_easy_unpause(transfer.handle.raw)
                }
            }
        }

        private func watch(_ transfer: CurlTransfer) {
            guard !transfer.isWatched else { return }
            transfer.isWatched = true
            watched.append(transfer)
        }

        private func collectFinished() {
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let result = message.pointee.data.result
                var context: UnsafeMutableRawPointer?
                sdk_curl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &context)
                guard let context else { continue }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                transfer.complete(result)
                detach(transfer)
            }
        }

        /// Ends the draining transfers whose window closed, stamps the watched transfers that saw activity,
        /// fails (and detaches) those silent past their idle limit, and returns how long the loop may sleep:
        /// until the earliest remaining deadline, in whole milliseconds rounded up, between 1 and
        /// ``maxPollMilliseconds``.
        private func enforceDeadlines() -> Int32 {
            let now = Self.monotonicNanoseconds()
            var sleep = Self.maxPollMilliseconds * 1_000_000
            // Backwards, so that `detach` (which moves the last element into the freed slot) only moves
            // transfers already looked at.
            var index = watched.count - 1
            while index >= 0 {
                let transfer = watched[index]
                index -= 1
                if let drainDeadline = transfer.drainDeadline {
                    guard now >= drainDeadline else {
                        sleep = min(sleep, drainDeadline - now)
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
                    sleep = min(sleep, deadline - now)
                    continue
                }
                // The same `requestSent` as curl's own timeout (CURLE_OPERATION_TIMEDOUT) would carry.
                transfer.fail(
                    TransportError(
                        code: .timedOut, requestSent: transfer.requestBytesWritten,
                        message: "no data received for \(transfer.idleLimit / 1_000_000) ms"))
                detach(transfer)
            }
            return Int32(max(1, (sleep + 999_999) / 1_000_000))
        }

        /// CLOCK_MONOTONIC in nanoseconds: cheap (vDSO) and never jumps with the wall clock.
        private static func monotonicNanoseconds() -> UInt64 {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        }

        private func detach(_ transfer: CurlTransfer) {
            curl_multi_remove_handle(multi, transfer.handle.raw)
            transfer.isAttached = false
            attachedCount -= 1
            if transfer.isWatched, let slot = watched.firstIndex(where: { $0 === transfer }) {
                watched.swapAt(slot, watched.count - 1)
                watched.removeLast()
                transfer.isWatched = false
            }
            transfer.releaseHandle()
            Unmanaged.passUnretained(transfer).release()
        }
    }
#endif
