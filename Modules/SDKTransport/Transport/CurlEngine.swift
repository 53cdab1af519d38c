#if canImport(CCurl)
    import CCurl
    import Foundation
    import ErrorCore

    /// libcurl's process-wide setup, which must run once before any other curl call and is not
    /// thread-safe itself; a static `let` gives exactly-once, thread-safe initialisation.
    enum CurlGlobal {
        static let initResult: CURLcode = sdk_curl_global_init_default()
    }

    /// One curl multi handle (``CurlMulti``), the lock that serialises every use of it, and the dedicated
    /// thread that waits on its sockets.
    ///
    /// **Who drives curl.** Whoever holds the drive lock. A caller starting a transfer takes it if it is
    /// free (``start(_:)``) and attaches the transfer itself: on a kept-alive connection curl writes the
    /// request there and then, and the new socket joins the epoll set the engine thread may be sleeping
    /// on. The engine thread is not woken for that; it wakes when the answer arrives, so its wake-up no
    /// longer stands between the caller and the network. The lock is never waited for by a caller: when
    /// the engine thread holds it, the transfer goes through the command queue instead (and the thread,
    /// being awake, takes it before it sleeps again). Cancellation, unpausing and draining always go
    /// through the queue. The engine thread does everything else: it waits in `epoll_wait`, then under the
    /// lock lets curl read the sockets that are ready, runs curl's timers, and completes finished transfers.
    /// So every curl callback runs under the lock, on one thread at a time, and transfers need no locks
    /// for their response state. Connections stay in the multi handle's cache between requests, which is
    /// what makes sequential requests reuse one connection.
    ///
    /// **Tasks on the engine thread.** The engine is also a `TaskExecutor` (``CurlTransport/taskExecutor``):
    /// jobs of Tasks that prefer it are queued in the inbox and run at the start of each pass, with no lock
    /// held. Their requests go through the command queue, since the thread is awake, and join that pass;
    /// their answers are delivered by the thread itself, which queues the resumed jobs without waking
    /// anyone and passes again instead of sleeping.
    ///
    /// Every time limit is enforced here rather than with a timer per transfer, curl's included (see
    /// ``CurlTransfer/Limits``): the exchange and connect limits are deadlines fixed at attachment, looked at
    /// once the earliest of them has come; for idle limits the callbacks only set a flag when something
    /// arrives, and once per loop the engine reads the monotonic clock, stamps the transfers that saw
    /// activity and fails those silent for too long. The engine sleeps no longer than the earliest deadline,
    /// so expiry is seen within a millisecond or two. A transfer paused for a slow consumer has no idle
    /// deadline until it is unpaused (its exchange limit still runs).
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
            /// Jobs of Tasks that prefer this engine as their executor (see ``CurlTransport/taskExecutor``).
            var jobs: [UnownedJob] = []
            /// The engine thread while it runs its loop: a job it queues itself needs no wake-up.
            var thread: pthread_t?
            /// How many callers of ``CurlTransport/send(_:)`` are between asking and having their answer back in
            /// their Task: a caller whose answer was delivered still counts until its Task runs again. Only a
            /// caller that is the one in flight waits inline (see ``driveAlone(_:from:)``); with others in
            /// flight, a wait would hold its thread while Tasks resumed with their answers wait to run on it.
            var callers = 0
            var sleeping = false
            var ownerGone = false
            var closed = false
        }

        let pool = CurlEasyHandlePool()
        let multi: CurlMulti
        private let inbox = Locked(Inbox())
        /// Held by whichever thread drives `multi`; it guards the state below and every transfer's
        /// engine-side state (`@unchecked Sendable` rests on that).
        private let drive = Locked(())
        var attachedCount = 0
        /// The transfers completed (and detached) under the lock, whose Tasks are resumed once it is released.
        var finished: [CurlTransfer] = []
        /// The attached transfers with a deadline that moves: an idle limit, or a drain.
        var watched: [CurlTransfer] = []
        /// The attached transfers with an exchange or connect limit, and the earliest of their deadlines (or
        /// an earlier time, once the transfer that set it is gone): see ``enforceExchangeDeadlines(now:)``.
        var timed: [CurlTransfer] = []
        var earliestDeadline = UInt64.max
        /// When the engine thread's current (or next) wait ends, so a caller that sets an earlier deadline
        /// knows to wake it.
        private var plannedWake: UInt64 = 0
        /// How long a caller whose transfer is the only one waits for the answer itself (``driveAlone``),
        /// in nanoseconds; 0 never waits.
        let inlineWait: UInt64
        /// How many more transfers start without that wait, and how many the next unanswered wait skips.
        private var inlineSkips = 0
        private var inlineBackoff = 1
        /// How many inline waits saw their answer within ``inlineWait``, how many saw it later, and how many
        /// left the transfer to the engine thread.
        private var inlineCounts = (answered: 0, late: 0, handedOver: 0)
        /// How many passes the engine thread's loop has made (for tests and diagnostics: an idle engine makes
        /// none but one a second).
        private var passes = 0
        /// The longest wait, in nanoseconds.
        private static let maxWaitNanoseconds: UInt64 = 1_000_000_000

        /// Starts the engine thread; `nil` when libcurl cannot be initialised.
        init?(inlineWait: Duration) {
            guard CurlGlobal.initResult == CURLE_OK, let multi = CurlMulti() else { return nil }
            self.multi = multi
            self.inlineWait = Self.inlineWaitNanoseconds(inlineWait)
            // Named from the thread itself: on Linux, Foundation passes a name to the OS thread (what `ps`,
            // `top` and `perf` show) only when it is set on the running thread, not before `start()`.
            let thread = Thread { [self] in
                Thread.current.name = "CurlTransport"
                run()
            }
            thread.start()
        }

        /// Starts `transfer`: on the calling thread when the engine thread sleeps and the drive lock is free,
        /// else through the engine thread. Returns `false` once the engine has shut down.
        ///
        /// Starting here only pays when the engine thread sleeps: it would have to be woken, and its wake-up
        /// would delay the request. An engine thread that is awake takes the queued transfer before it sleeps
        /// again, with no wake-up, and curl's work stays on one thread instead of the lock changing hands.
        func start(_ transfer: CurlTransfer) -> Bool {
            let (closed, sleeping, alone) = inbox.withLock { ($0.closed, $0.sleeping, $0.callers == 1) }
            if closed { return false }
            guard sleeping else { return submit(.add(transfer)) }
            var delivering: [CurlTransfer] = []
            var single: CurlTransfer?
            let wake: Bool? = drive.withLockIfAvailable { _ in
                let now = CurlMulti.monotonicNanoseconds()
                if attachedCount == 0 && transfer.stream == nil && alone && waitsInline() {
                    driveAlone(transfer, from: now)
                } else {
                    begin(transfer, now: now)
                }
                // The one transfer a lone caller drove is taken out without giving up the list's storage.
                if finished.count == 1 {
                    single = finished.removeLast()
                } else if !finished.isEmpty {
                    swap(&finished, &delivering)
                }
                // The engine sleeps until `plannedWake`: wake it only if something is due before that.
                var due = min(multi.timerDeadline ?? .max, earliestDeadline)
                if transfer.isWatched { due = min(due, transfer.lastActivity + transfer.limits.idle) }
                guard due < plannedWake else { return false }
                plannedWake = due
                return true
            }
            guard let wake else { return submit(.add(transfer)) }
            single?.deliverOutcome()
            for transfer in delivering { transfer.deliverOutcome() }
            if wake { multi.wake() }
            return true
        }

        /// Waits for `transfer`'s answer on the calling thread, for at most ``inlineWait``, when it is the only
        /// transfer: an answer that comes that soon (a server on this host or this network) then reaches
        /// the caller with no thread woken on the way, as it would with `curl_easy_perform`. Past the wait,
        /// or when a command arrives for the engine, the transfer is left to the engine thread as any other.
        ///
        /// The wait can run a few milliseconds past ``inlineWait`` (see ``CurlMulti/poll(until:)``), and an
        /// answer that comes then is taken, but only one within ``inlineWait`` counts as quick. A wait without
        /// a quick answer doubles how many transfers skip the next one (up to 64), so a caller whose server is
        /// a millisecond or more away blocks its thread once in 64 requests at most; one quick answer starts
        /// trying every time again.
        private func driveAlone(_ transfer: CurlTransfer, from now: UInt64) {
            // Held before curl sees the transfer, so its socket is never armed for the engine thread.
            multi.hold()
            defer { multi.release() }
            begin(transfer, now: now)
            // Not past the transfer's own deadline, which the engine thread then enforces.
            let deadline = min(now + inlineWait, transfer.deadline)
            while transfer.isAttached, multi.poll(until: deadline) {
                multi.runTimers(now: CurlMulti.monotonicNanoseconds())
                collectFinished()
            }
            if !transfer.isAttached && CurlMulti.monotonicNanoseconds() <= deadline {
                inlineCounts.answered += 1
                inlineBackoff = 1
                return
            }
            if transfer.isAttached { inlineCounts.handedOver += 1 } else { inlineCounts.late += 1 }
            inlineSkips = inlineBackoff
            inlineBackoff = min(inlineBackoff * 2, 64)
        }

        /// Attaches `transfer` and lets curl start it at once (on a kept-alive connection, the request is
        /// written there and then).
        private func begin(_ transfer: CurlTransfer, now: UInt64) {
            attach(transfer, now: now)
            multi.runTimers(now: now)
            collectFinished()
        }

        /// ``passes``, read under the drive lock.
        func loopPasses() -> Int {
            drive.withLock { _ in passes }
        }

        /// ``inlineCounts``, read under the drive lock (for tests and diagnostics).
        func inlineWaits() -> (answered: Int, late: Int, handedOver: Int) {
            drive.withLock { _ in inlineCounts }
        }

        /// A caller of ``CurlTransport/send(_:)`` is about to start its transfer (see ``Inbox/callers``).
        func callerArrives() { inbox.withLock { $0.callers += 1 } }

        /// The caller has its answer (or its error) back in its Task.
        func callerLeaves() { inbox.withLock { $0.callers -= 1 } }

        /// `wait` in nanoseconds, within 0...1 s.
        static func inlineWaitNanoseconds(_ wait: Duration) -> UInt64 {
            let (seconds, attoseconds) = min(max(wait, .zero), .seconds(1)).components
            return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        }

        /// Whether the next transfer that is alone waits inline (see ``driveAlone(_:from:)``).
        private func waitsInline() -> Bool {
            guard inlineWait > 0 else { return false }
            guard inlineSkips == 0 else {
                inlineSkips -= 1
                return false
            }
            return true
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
            if wake { multi.wake() }
            return accepted
        }

        /// The owning transport is gone: shut down once the last transfer is done.
        func ownerReleased() {
            let wake = inbox.withLock { inbox in
                inbox.ownerGone = true
                defer { inbox.sleeping = false }
                return inbox.sleeping
            }
            if wake { multi.wake() }
        }

        deinit {
            // Only now, when neither the thread nor any transfer nor the transport can reach the engine;
            // `multi` is freed with it.
            pool.drain()
        }

        private func run() {
            var events = [epoll_event](repeating: epoll_event(), count: 64)
            var ready = 0
            var batch: [Command] = []
            batch.reserveCapacity(64)
            var jobs: [UnownedJob] = []
            var delivering: [CurlTransfer] = []
            inbox.withLock { $0.thread = pthread_self() }
            let executor = asUnownedTaskExecutor()
            while true {
                inbox.withLock { inbox in
                    swap(&inbox.jobs, &jobs)
                    swap(&inbox.commands, &batch)
                }
                if !jobs.isEmpty {
                    // The Tasks that prefer this thread run first, with no lock held, and the requests they make
                    // join this pass; jobs queued meanwhile wait for the next one, so the network is never starved.
                    for job in jobs { job.runSynchronously(on: executor) }
                    jobs.removeAll(keepingCapacity: true)
                    inbox.withLock { inbox in
                        batch.append(contentsOf: inbox.commands)
                        inbox.commands.removeAll(keepingCapacity: true)
                    }
                }
                let (milliseconds, idle) = drive.withLock { _ in
                    passes += 1
                    let now = CurlMulti.monotonicNanoseconds()
                    // The answers first: transfers that end return their connections to the cache, so the
                    // transfers added next (which start in `runTimers`) reuse them rather than open new ones.
                    multi.act(on: events[..<ready])
                    for command in batch { execute(command, now: now) }
                    multi.runTimers(now: now)
                    collectFinished()
                    swap(&finished, &delivering)
                    var wake = min(multi.timerDeadline ?? .max, now + Self.maxWaitNanoseconds)
                    if !watched.isEmpty { wake = min(wake, enforceDeadlines(now: now)) }
                    if now >= earliestDeadline { earliestDeadline = enforceExchangeDeadlines(now: now) }
                    wake = min(wake, earliestDeadline)
                    plannedWake = wake
                    let milliseconds = wake <= now ? 0 : Int32((wake - now + 999_999) / 1_000_000)
                    return (milliseconds, attachedCount == 0)
                }
                batch.removeAll(keepingCapacity: true)

                enum Next { case sleep, loop, exit }
                let next: Next = inbox.withLock { inbox in
                    guard inbox.commands.isEmpty && inbox.jobs.isEmpty else { return .loop }
                    if inbox.ownerGone && idle {
                        inbox.closed = true
                        // The thread's ID may go to another thread once this one has ended.
                        inbox.thread = nil
                        return .exit
                    }
                    inbox.sleeping = true
                    return .sleep
                }
                // Resumed only once the thread counts as asleep: a resumed Task that runs before this thread
                // reaches its wait (on this CPU, say) then starts its next request itself rather than queue it
                // for a thread about to sleep. A wake-up meanwhile stays in the eventfd until the wait.
                for transfer in delivering { transfer.deliverOutcome() }
                delivering.removeAll(keepingCapacity: true)
                switch next {
                case .exit: return
                case .loop: ready = 0
                case .sleep:
                    // Not if delivering resumed a Task that prefers this thread: its job is queued, unwoken.
                    guard inbox.withLock({ $0.sleeping }) else {
                        ready = 0
                        continue
                    }
                    // Returns early on socket activity or a wake-up; `plannedWake` bounds it otherwise.
                    ready = multi.wait(into: &events, milliseconds: milliseconds)
                    inbox.withLock { $0.sleeping = false }
                }
            }
        }
    }

    // Task executors need iOS 18 / macOS 15 where Apple's runtime has them; this type is built on Linux only.
    @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
    extension CurlEngine: TaskExecutor {
        /// Queues `job` for the engine thread, which runs it at the start of its next pass, and wakes the
        /// thread if it sleeps; a job the thread queues itself (an answer it delivered) needs no wake-up. Once
        /// the engine has shut down, the job goes to the global concurrent executor.
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let current = pthread_self()
            let (accepted, wake) = inbox.withLock { inbox in
                guard !inbox.closed else { return (false, false) }
                inbox.jobs.append(job)
                defer { inbox.sleeping = false }
                return (true, inbox.sleeping && !Self.isEngineThread(current, of: inbox))
            }
            if !accepted { globalConcurrentExecutor.enqueue(job) }
            if wake { multi.wake() }
        }

        /// Whether the caller runs on the engine thread (for tests and diagnostics).
        var isCurrentThread: Bool {
            let current = pthread_self()
            return inbox.withLock { Self.isEngineThread(current, of: $0) }
        }

        /// Whether the engine has shut down: its thread has left its loop (for tests and diagnostics).
        var hasShutDown: Bool { inbox.withLock { $0.closed } }

        private static func isEngineThread(_ thread: pthread_t, of inbox: Inbox) -> Bool {
            inbox.thread.map { pthread_equal($0, thread) != 0 } ?? false
        }
    }
#endif
