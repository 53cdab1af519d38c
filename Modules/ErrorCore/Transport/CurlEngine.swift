import CCurl
import Foundation
import Synchronization

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
/// Lifetime: the thread holds the engine; transfers hold the engine; the owning ``CurlTransport``
/// calls ``ownerReleased()`` from its deinit. The thread exits once the owner is gone and no transfer
/// is attached, so streams outlive a dropped transport safely; the multi handle is freed in `deinit`.
final class CurlEngine: @unchecked Sendable {
    enum Command {
        case add(CurlTransfer)
        case remove(CurlTransfer)
        case unpause(CurlTransfer)
    }

    private struct Inbox {
        var commands: [Command] = []
        var sleeping = false
        var ownerGone = false
        var closed = false
    }

    let pool = CurlEasyHandlePool()
    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    /// Engine-thread only.
    private var attachedCount = 0

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

            let shouldSleep = inbox.withLock { inbox in
                guard inbox.commands.isEmpty && !(inbox.ownerGone && attachedCount == 0) else { return false }
                inbox.sleeping = true
                return true
            }
            if shouldSleep {
                // Returns early on socket activity, curl's own timers (timeouts) or a wakeup.
                curl_multi_poll(multi, nil, 0, 1000, nil)
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
                let message = curl_multi_strerror(result).map { String(cString: $0) } ?? "curl_multi_add_handle failed"
                transfer.fail(TransportError(code: .unknown, requestSent: false, message: message))
                return
            }
            _ = Unmanaged.passRetained(transfer)
            transfer.isAttached = true
            attachedCount += 1
        case .remove(let transfer):
            if transfer.isAttached { detach(transfer) }
        case .unpause(let transfer):
            if transfer.isAttached { sdk_curl_easy_unpause(transfer.handle.raw) }
        }
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

    private func detach(_ transfer: CurlTransfer) {
        curl_multi_remove_handle(multi, transfer.handle.raw)
        transfer.isAttached = false
        attachedCount -= 1
        transfer.releaseHandle()
        Unmanaged.passUnretained(transfer).release()
    }
}
