import CCurl
import Synchronization

/// A libcurl easy handle plus the error buffer curl writes its message into.
///
/// Handles are pooled (``CurlEasyHandlePool``) so a steady stream of requests reuses them instead of
/// allocating curl state per request. A handle is used by one transfer at a time: configured on the
/// caller's thread before submission, then only touched by the engine thread until it is recycled.
final class CurlEasyHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
    let errorBuffer: UnsafeMutablePointer<CChar>

    init?() {
        guard let raw = curl_easy_init() else { return nil }
        self.raw = raw
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        curl_easy_cleanup(raw)
        errorBuffer.deallocate()
    }

    /// curl's message for the last failure, or its generic text for `code` when it left none.
    func message(for code: CURLcode) -> String {
        let specific = String(cString: errorBuffer)
        if !specific.isEmpty { return specific }
        return curl_easy_strerror(code).map { String(cString: $0) } ?? "curl error \(code.rawValue)"
    }

    /// Forgets every option of the previous transfer (freeing its copied body) so nothing leaks into
    /// the next one; connections stay in the multi handle's cache.
    func reset() {
        curl_easy_reset(raw)
        errorBuffer[0] = 0
    }
}

/// A small stack of idle easy handles shared by the engine thread (which returns them) and calling
/// threads (which take them).
final class CurlEasyHandlePool: Sendable {
    private let idle = Mutex<[CurlEasyHandle]>([])
    private let capacity: Int

    init(capacity: Int = 32) {
        self.capacity = capacity
    }

    /// An idle handle, or a new one; `nil` only when curl cannot allocate.
    func take() -> CurlEasyHandle? {
        idle.withLock { $0.popLast() } ?? CurlEasyHandle()
    }

    /// Resets `handle` and keeps it for reuse, or frees it when enough are idle already.
    func recycle(_ handle: CurlEasyHandle) {
        handle.reset()
        idle.withLock { handles in
            if handles.count < capacity { handles.append(handle) }
        }
    }

    /// Frees every idle handle (the engine calls this when it shuts down).
    func drain() {
        let handles = idle.withLock { handles in
            let all = handles
            handles.removeAll()
            return all
        }
        _ = handles
    }
}
