#if canImport(CCurl)
    import CCurl
    import Foundation

    /// A curl multi handle driven through curl's socket interface, and what its driver waits on.
    ///
    /// curl says which sockets it wants watched (the socket callback) and when it next wants to run on
    /// its own (the timer callback). The sockets go into an epoll set, together with an eventfd that
    /// wakes the waiting thread on demand; the timer becomes ``timerDeadline``, which the driver turns
    /// into its wait's timeout.
    ///
    /// Threading: the multi handle is not thread-safe, so everything here except ``wait(into:milliseconds:)``
    /// and ``wake()`` runs under the owning ``CurlEngine``'s drive lock, whichever thread holds it. Those two
    /// only touch the epoll set and the eventfd, which the kernel lets threads share: a socket that one thread
    /// adds to the set while another waits on it is watched by that same wait, which is what lets a caller
    /// start a transfer while the engine thread sleeps.
    final class CurlMulti: @unchecked Sendable {
        let raw: UnsafeMutableRawPointer
        private let epoll: Int32
        private let wakeup: Int32
        /// When curl next wants to run without socket activity (monotonic nanoseconds); `nil` for never.
        private(set) var timerDeadline: UInt64?
        /// What curl watches each socket for (`EPOLLIN`/`EPOLLOUT`). Sockets are registered one-shot: a
        /// report disarms the socket until ``act(on:)`` arms it again, so a registration that outlives its
        /// socket (a child process inherited the socket, which curl does not open close-on-exec) reports
        /// once and is then silent, instead of reporting without end on a descriptor no one can remove.
        private var watched: [curl_socket_t: UInt32] = [:]
        /// The sockets the socket callback armed during the current ``act(on:)`` (a few: a list, not a set).
        private var armed: [curl_socket_t] = []
        /// The sockets in the epoll set, and whether each is armed (a report or ``hold()`` disarms it). A
        /// socket curl stops watching stays in the set disarmed, so the next transfer on its connection
        /// arms it with one call; closing the socket drops it from the set.
        private var registered: [curl_socket_t: Bool] = [:]
        /// Whether a caller drives a transfer alone (``hold()``), and the sockets to arm once it lets go: it
        /// polls them itself meanwhile, and a registration would also wake the engine thread for the same
        /// answer.
        private var isHeld = false
        private var held: [curl_socket_t] = []
        /// ``poll(until:)``'s buffers, kept from call to call.
        private var pollDescriptors: [pollfd] = []
        private var pollEvents: [epoll_event] = []

        init?() {
            guard let raw = curl_multi_init() else { return nil }
            let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
            let wakeup = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
            guard epoll >= 0, wakeup >= 0 else {
                curl_multi_cleanup(raw)
                if epoll >= 0 { close(epoll) }
                if wakeup >= 0 { close(wakeup) }
                return nil
            }
            self.raw = raw
            self.epoll = epoll
            self.wakeup = wakeup
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.fd = wakeup
            epoll_ctl(epoll, EPOLL_CTL_ADD, wakeup, &event)

            let me = Unmanaged.passUnretained(self).toOpaque()
            // HTTP/1.1 only: never multiplex or pipeline requests onto one connection.
            sdk_curl_multi_setopt_long(raw, CURLMOPT_PIPELINING, CURLPIPE_NOTHING)
            // Keeps up to this many connections, idle ones included. curl's default, four per attached
            // transfer, shrinks whenever few transfers are attached: between the bursts of a concurrent
            // caller (whose transfers come back one at a time) it closed the connections the next burst
            // then had to open again. The easy-handle pool keeps as many handles.
            sdk_curl_multi_setopt_long(raw, CURLMOPT_MAXCONNECTS, CurlEasyHandlePool.defaultCapacity)
            sdk_curl_multi_setopt_pointer(raw, CURLMOPT_SOCKETDATA, me)
            sdk_curl_multi_setopt_socket_function(raw) { _, socket, what, context, socketContext in
                guard let context else { return -1 }
                Unmanaged<CurlMulti>.fromOpaque(context).takeUnretainedValue()
                    .watch(socket, what, known: socketContext != nil)
                return 0
            }
            sdk_curl_multi_setopt_pointer(raw, CURLMOPT_TIMERDATA, me)
            sdk_curl_multi_setopt_timer_function(raw) { _, milliseconds, context in
                guard let context else { return -1 }
                let multi = Unmanaged<CurlMulti>.fromOpaque(context).takeUnretainedValue()
                switch milliseconds {
                case ..<0: multi.timerDeadline = nil
                // "At once": due whatever the clock says, so no rounding can turn it into a millisecond's sleep.
                case 0: multi.timerDeadline = 0
                default: multi.timerDeadline = CurlMulti.monotonicNanoseconds() + UInt64(milliseconds) * 1_000_000
                }
                return 0
            }
        }

        deinit {
            // The cleanup still reports sockets to forget, so the epoll set must outlive it.
            curl_multi_cleanup(raw)
            close(epoll)
            close(wakeup)
        }

        // MARK: Under the drive lock

        /// Attaches an easy handle; curl starts it at its next timer run (due at once).
        func add(_ easy: UnsafeMutableRawPointer) -> CURLMcode {
            curl_multi_add_handle(raw, easy)
        }

        func remove(_ easy: UnsafeMutableRawPointer) {
            curl_multi_remove_handle(raw, easy)
        }

        /// Lets curl act on the sockets a wait reported ready (it survives stale reports, of sockets it
        /// stopped watching since), then arms again those it still watches.
        func act(on events: ArraySlice<epoll_event>) {
            guard !events.isEmpty else { return }
            var running: Int32 = 0
            armed.removeAll(keepingCapacity: true)
            for event in events {
                let socket = event.data.fd
                if socket == wakeup {
                    var count: UInt64 = 0
                    _ = read(wakeup, &count, 8)
                    continue
                }
                if registered[socket] != nil { registered[socket] = false }
                var mask: Int32 = 0
                if event.events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
                    mask |= CURL_CSELECT_IN
                }
                if event.events & (EPOLLOUT.rawValue | EPOLLERR.rawValue) != 0 { mask |= CURL_CSELECT_OUT }
                if event.events & EPOLLERR.rawValue != 0 { mask |= CURL_CSELECT_ERR }
                curl_multi_socket_action(raw, socket, mask, &running)
            }
            for event in events where event.data.fd != wakeup {
                let socket = event.data.fd
                guard let flags = watched[socket], !armed.contains(socket) else { continue }
                register(socket, flags)
            }
        }

        /// Runs curl's timers while they are due at `now` (a few rounds at most: curl may ask to run again
        /// at once, and the driver's next pass will see a deadline still due).
        ///
        /// curl's timer is one-shot (`CURLMOPT_TIMERFUNCTION`): running it spends it, and curl reports during
        /// the run whatever timer it wants next. It says nothing when it wants none, so the deadline is cleared
        /// before each run. (Before, a run curl said nothing after kept its deadline, moved a millisecond on
        /// for fear of a spin, and with no timer left in curl, such as a transfer without curl's timeouts, the
        /// engine then woke every millisecond for nothing, and woke for each request started meanwhile.)
        func runTimers(now: UInt64) {
            var running: Int32 = 0
            var rounds = 0
            while let deadline = timerDeadline, deadline <= now, rounds < 4 {
                rounds += 1
                timerDeadline = nil
                curl_multi_socket_action(raw, sdk_curl_socket_timeout, 0, &running)
            }
        }

        /// The next finished transfer's easy handle and result, if any.
        func nextFinished() -> (easy: UnsafeMutableRawPointer, result: CURLcode)? {
            var queued: Int32 = 0
            while let message = curl_multi_info_read(raw, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                return (easy, message.pointee.data.result)
            }
            return nil
        }

        /// curl's socket callback: watch `socket` for `what` (`CURL_POLL_IN`, `_OUT`, `_INOUT`), or stop.
        /// A socket curl has not reported before (`known` is false) is marked with `curl_multi_assign`, so
        /// curl says when it reports it again.
        private func watch(_ socket: curl_socket_t, _ what: Int32, known: Bool) {
            guard what != CURL_POLL_REMOVE else {
                watched[socket] = nil
                // An armed socket is taken out of the set (it could report on a connection no transfer
                // uses); a disarmed one reports nothing and is left for the next transfer to arm, unless a
                // lone caller drove this one (held): a connection callers drive alone stays out of the set,
                // so an answer on it wakes the caller's poll only, not also the engine's epoll (a lock and a
                // check in the kernel for every packet, about 3 % of a loopback GET).
                if registered[socket] == true || (isHeld && registered[socket] != nil) {
                    registered[socket] = nil
                    // Fails harmlessly when curl closed the socket first (closing drops it from the set).
                    epoll_ctl(epoll, EPOLL_CTL_DEL, socket, nil)
                }
                return
            }
            let flags =
                (what & CURL_POLL_IN != 0 ? EPOLLIN.rawValue : 0) | (what & CURL_POLL_OUT != 0 ? EPOLLOUT.rawValue : 0)
            watched[socket] = flags
            register(socket, flags)
            if !known { curl_multi_assign(raw, socket, Unmanaged.passUnretained(self).toOpaque()) }
        }

        /// Arms `socket` for one report of `flags`, or, while held, notes it for ``release()``.
        private func register(_ socket: curl_socket_t, _ flags: UInt32) {
            if !armed.contains(socket) { armed.append(socket) }
            if isHeld {
                if !held.contains(socket) { held.append(socket) }
                return
            }
            var event = epoll_event()
            event.events = flags | EPOLLONESHOT.rawValue
            event.data.fd = socket
            // The record can be stale (the socket was closed and its number reused), so each guess has
            // the other as its fallback.
            if registered[socket] != nil {
                if epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event) != 0 && errno == ENOENT {
                    epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event)
                }
            } else if epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) != 0 && errno == EEXIST {
                epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
            }
            registered[socket] = true
        }

        /// Stops arming sockets in the epoll set and disarms those armed now: the driver polls what curl
        /// watches itself (``poll(until:)``), and the engine thread sleeping on the set stays asleep.
        func hold() {
            guard !isHeld else { return }
            isHeld = true
            held.removeAll(keepingCapacity: true)
            for (socket, isArmed) in registered where isArmed {
                var event = epoll_event()
                event.events = EPOLLONESHOT.rawValue
                event.data.fd = socket
                epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
                registered[socket] = false
                held.append(socket)
            }
        }

        /// Arms every socket curl still watches that was held back or disarmed since ``hold()``.
        func release() {
            guard isHeld else { return }
            isHeld = false
            for socket in held {
                guard let flags = watched[socket] else { continue }
                register(socket, flags)
            }
            held.removeAll(keepingCapacity: true)
        }

        /// While held: waits until a watched socket is ready, curl's timer is due or `deadline` (monotonic
        /// nanoseconds) passes, then lets curl act on the ready sockets. Returns `false` once `deadline`
        /// has passed, or when the engine thread is being woken (``wake()``: a command for it, which the
        /// driver then lets it take). The wait is `ppoll` on the sockets themselves, so the engine thread
        /// sleeping on the epoll set is not woken for them.
        ///
        /// When nothing comes, the wait ends ``pollSlackNanoseconds`` after `deadline`: its timeout is set that
        /// much later, past the kernel's next tick, so the kernel need not program a timer event of its own
        /// for it. One for a deadline a few hundred microseconds away cost more than a loopback exchange on a
        /// VM (arming and cancelling it trap to the hypervisor), 100 against 87 µs per sequential request in
        /// the transport benchmark. (Raising the thread's timer slack for the call did the same at the price of
        /// three more system calls a wait.)
        func poll(until deadline: UInt64) -> Bool {
            let now = Self.monotonicNanoseconds()
            guard now < deadline else { return false }
            let until = min(deadline, timerDeadline ?? .max)
            var descriptors = pollDescriptors
            pollDescriptors = []
            defer {
                descriptors.removeAll(keepingCapacity: true)
                pollDescriptors = descriptors
            }
            descriptors.append(pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0))
            for (socket, flags) in watched {
                let events =
                    (flags & EPOLLIN.rawValue != 0 ? POLLIN : 0) | (flags & EPOLLOUT.rawValue != 0 ? POLLOUT : 0)
                descriptors.append(pollfd(fd: socket, events: Int16(events), revents: 0))
            }
            // Past the next tick: see ``pollSlackNanoseconds``. A wait for something due now stays zero.
            let wait = until > now ? until - now + Self.pollSlackNanoseconds : 0
            let count = descriptors.withUnsafeMutableBufferPointer { buffer in
                sdk_poll_nanoseconds(buffer.baseAddress, UInt(buffer.count), Int64(wait))
            }
            guard count > 0 else { return true }
            // Left unread: the engine thread's wait reads it.
            guard descriptors[0].revents == 0 else { return false }
            var events = pollEvents
            pollEvents = []
            defer {
                events.removeAll(keepingCapacity: true)
                pollEvents = events
            }
            for descriptor in descriptors.dropFirst() where descriptor.revents != 0 {
                var event = epoll_event()
                let revents = Int32(descriptor.revents)
                event.events =
                    (revents & Int32(POLLIN) != 0 ? EPOLLIN.rawValue : 0)
                    | (revents & Int32(POLLOUT) != 0 ? EPOLLOUT.rawValue : 0)
                    | (revents & Int32(POLLERR) != 0 ? EPOLLERR.rawValue : 0)
                    | (revents & Int32(POLLHUP) != 0 ? EPOLLHUP.rawValue : 0)
                event.data.fd = descriptor.fd
                events.append(event)
            }
            act(on: events[...])
            return true
        }

        // MARK: From any thread

        /// Waits up to `milliseconds` (-1: without limit) for a watched socket or a ``wake()``; returns
        /// how many events it stored at the front of `events`.
        func wait(into events: inout [epoll_event], milliseconds: Int32) -> Int {
            let count = events.withUnsafeMutableBufferPointer { buffer in
                epoll_wait(epoll, buffer.baseAddress, Int32(buffer.count), milliseconds)
            }
            return max(0, Int(count))
        }

        /// How late ``poll(until:)`` ends a wait nothing ended: beyond a 250 Hz kernel's tick.
        static let pollSlackNanoseconds: UInt64 = 5_000_000

        /// Ends a ``wait(into:milliseconds:)`` in progress, or the next one.
        func wake() {
            var one: UInt64 = 1
            _ = write(wakeup, &one, 8)
        }

        /// CLOCK_MONOTONIC in nanoseconds: cheap (vDSO) and never jumps with the wall clock.
        static func monotonicNanoseconds() -> UInt64 {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        }
    }
#endif
