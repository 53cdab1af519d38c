import CCurl
import Foundation
import Synchronization

/// The floor under CurlTransport's concurrency figure: ``RawCurlMulti``'s loop on a thread of its own, fed by
/// Swift Tasks. A Task asks for a GET and suspends; the loop thread adds a pooled easy handle, drives curl
/// with `curl_multi_perform` / `curl_multi_poll`, and resumes the Task with the body. That is the bare loop
/// plus what any async transport over one network thread pays per request, the two hand-offs (the Task's
/// request to the thread, the answer back to a Task) and a body of its own for each response, and nothing
/// else: no request or response values, no cancellation, no timeouts, no header parsing. The thread is woken
/// only when it sleeps, as CurlTransport's engine is. It sends CurlTransport's request (every encoding curl
/// decodes offered, which the bare loop does not), so the difference between the two is CurlTransport's own
/// work.
final class RawCurlMultiTasks: @unchecked Sendable {
    /// An easy handle with its body buffer, and the Task waiting for its transfer (loop thread only).
    private final class Slot {
        let handle: UnsafeMutableRawPointer
        let sink = RawCurlLoop.Sink()
        var waiter: UnsafeContinuation<Data?, Never>?

        init(_ url: String) {
            handle = curl_easy_init()!
            _ = sdk_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
            _ = url.withCString { sdk_curl_easy_setopt_string(handle, CURLOPT_URL, $0) }
            sink.receiveBodies(of: handle)
            _ = sdk_curl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        }

        /// Makes the slot findable from its handle (`CURLOPT_PRIVATE`), as ``RawCurlMulti`` does.
        func mark() {
            _ = sdk_curl_easy_setopt_pointer(handle, CURLOPT_PRIVATE, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    private struct Inbox {
        var waiters: [UnsafeContinuation<Data?, Never>] = []
        var sleeping = false
        var done = false
    }

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    /// Every slot, and (the loop thread's) those not in use.
    private let slots: [Slot]
    private var idle: [Slot]

    init(_ url: String, width: Int) {
        _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        multi = curl_multi_init()
        sdk_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, CURLPIPE_NOTHING)
        slots = (0..<width).map { _ in Slot(url) }
        slots.forEach { $0.mark() }
        idle = slots
        Thread { [self] in
            Thread.current.name = "BareLoopTasks"
            run()
        }.start()
    }

    /// Ends the loop thread once nothing is in flight; the handles are freed with it.
    func stop() {
        let wake = inbox.withLock { inbox in
            inbox.done = true
            return inbox.sleeping
        }
        if wake { curl_multi_wakeup(multi) }
    }

    /// One GET; returns the body, or `nil` when curl failed.
    func get() async -> Data? {
        await withUnsafeContinuation { continuation in
            let wake = inbox.withLock { inbox in
                inbox.waiters.append(continuation)
                defer { inbox.sleeping = false }
                return inbox.sleeping
            }
            if wake { curl_multi_wakeup(multi) }
        }
    }

    private func run() {
        var batch: [UnsafeContinuation<Data?, Never>] = []
        var inFlight = 0
        while true {
            let done = inbox.withLock { inbox in
                swap(&inbox.waiters, &batch)
                return inbox.done
            }
            if done && batch.isEmpty && inFlight == 0 { break }
            for waiter in batch {
                let slot = idle.removeLast()
                slot.waiter = waiter
                curl_multi_add_handle(multi, slot.handle)
                inFlight += 1
            }
            batch.removeAll(keepingCapacity: true)
            _ = RawCurlMulti.perform(multi) { _, context, result in
                let slot = Unmanaged<Slot>.fromOpaque(context).takeUnretainedValue()
                // The body goes to the Task, as a transport's must; the next transfer's grows a new one.
                let body = result == CURLE_OK ? slot.sink.data : nil
                slot.sink.data = Data()
                let waiter = slot.waiter
                slot.waiter = nil
                idle.append(slot)
                inFlight -= 1
                waiter?.resume(returning: body)
            }
            let sleep = inbox.withLock { inbox in
                guard inbox.waiters.isEmpty && !(inbox.done && inFlight == 0) else { return false }
                inbox.sleeping = true
                return true
            }
            if sleep {
                curl_multi_poll(multi, nil, 0, 1000, nil)
                inbox.withLock { $0.sleeping = false }
            }
        }
        for slot in slots { curl_easy_cleanup(slot.handle) }
        curl_multi_cleanup(multi)
    }
}
