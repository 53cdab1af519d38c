#if canImport(CCurl)
    import CCurl
    import Foundation
    import ErrorCore

    /// One request in flight on a ``CurlEngine``: its easy handle, what arrived so far, and the Task
    /// waiting for it.
    ///
    /// Threading: `configure` sets the easy handle up on the caller's thread before submission;
    /// from `start` on, the response state (`status`, `headerFields`, `body`, the flags the callbacks set)
    /// is touched only under the engine's drive lock (see ``CurlEngine``). `control` is the one piece
    /// several threads share: the waiting continuation and whether the exchange was cancelled or finished,
    /// so that exactly one of completion and cancellation resumes the caller.
    final class CurlTransfer: @unchecked Sendable {
        enum Waiter {
            case response(UnsafeContinuation<HTTPResponse, any Error>)
            case head(UnsafeContinuation<HTTPStreamingResponse, any Error>)
        }

        /// Why one of our callbacks stopped the transfer (curl only reports a generic code for it).
        enum AbortReason {
            case headerSectionTooLarge(limit: Int)
            case bodyTooLarge(limit: Int)
            case resendRefused(method: String)
            /// The consumer left and the rest of the body outgrew ``drainBudget``.
            case abandoned
            /// The streamed request body could not be read (a file shrank or failed).
            case uploadFailed(TransportError)
        }

        private struct Control {
            var waiter: Waiter?
            var submitted = false
            var cancelled = false
            var finished = false
            var handleReleased = false
        }

        let engine: CurlEngine
        let handle: CurlEasyHandle
        let method: String
        let isIdempotent: Bool
        let maxBodyBytes: Int
        let maxHeaderBytes: Int
        /// Set for `stream()`; `nil` for buffered `send()`.
        let stream: BodyStreamBuffer?
        /// A transfer's time limits, in nanoseconds (whole milliseconds, see ``limitNanoseconds(_:)``); 0 for
        /// none. The engine enforces all three (``CurlEngine``), none is given to curl.
        struct Limits {
            /// The whole exchange, from attachment to the last byte (``HTTPRequest/timeout``).
            var exchange: UInt64
            /// Attachment until curl has a connection to write the request on (name resolution, TCP, TLS).
            var connect: UInt64
            /// Each silence (``HTTPRequest/idleTimeout``).
            var idle: UInt64
        }

        let limits: Limits
        var headerList: UnsafeMutablePointer<curl_slist>?
        /// The open ``HTTPUploadBody`` being sent, set by `configure`; closed when the handle is released.
        var uploadReader: UploadBodyReader?
        /// The request's progress observer, and the body length it reports against.
        var uploadProgress: (@Sendable (Int64, Int64) -> Void)?
        var uploadTotal: Int64 = 0

        // Engine-thread state.
        var isAttached = false
        var status = 0
        var headerFields: [(name: String, value: String)] = []
        /// The lines of the head being received, read into `status` and `headerFields` once it is complete.
        var headBytes: [UInt8] = []
        var headComplete = false
        /// Every header byte received, interim heads included, against ``maxHeaderBytes``.
        var headerBytes = 0
        var body = Data()
        /// Set by the debug callback when the socket accepted a byte of the request (see ``watchesSentBytes``).
        var requestBytesWritten = false
        /// Whether the debug callback watches what the socket accepts, byte by byte: for a request with a
        /// body or a method that is not idempotent, where `requestSent` must be exact (a POST wrongly said
        /// unsent could be sent twice). A bodyless idempotent request (a GET) reads curl's byte counters
        /// instead (``requestSent``), which spares it curl's verbose mode, a formatted log line for every
        /// step of every exchange that is then thrown away.
        var watchesSentBytes = true
        /// Body bytes the socket accepted in the current attempt, and the most ever reported (progress
        /// never goes back when a resend starts the body over).
        var bodyBytesWritten: Int64 = 0
        var reportedBodyBytes: Int64 = 0
        var requestAttempts = 0
        var abortReason: AbortReason?
        /// Set when curl finished the exchange without error.
        var completedCleanly = false
        /// Set when curl finished the exchange with an error.
        var failure: TransportError?
        /// Set by the callbacks whenever something arrives; the engine folds it into `lastActivity` with
        /// one clock read per loop, so a chunk costs a store instead of a clock read.
        var sawActivity = false
        /// When the engine last saw activity (see ``CurlEngine`` for the clock), for the idle limit.
        var lastActivity: UInt64 = 0
        /// Whether `receiveBody` paused the transfer for a full buffer; the idle clock stops meanwhile.
        var pausedByConsumer = false
        /// Whether the engine keeps this transfer in its list of deadlines.
        var isWatched = false
        /// Set once the consumer left before the end: until then (monotonic nanoseconds) the rest of the
        /// body is read and dropped, up to ``drainBudget`` bytes, in the hope that the response ends.
        var drainDeadline: UInt64?
        var drainedBytes = 0
        /// When the engine attached the transfer (monotonic nanoseconds): the exchange and connect limits count
        /// from here.
        var attachedAt: UInt64 = 0
        /// Set once curl has a connection to write the request on (its pre-request callback): the connect limit
        /// no longer applies.
        var isConnected = false
        /// Where the transfer sits in the engine's list of transfers with a deadline (``CurlEngine/timed``), or
        /// -1 when it is not there.
        var timedSlot = -1

        /// How long an abandoned stream may take to end by itself (nanoseconds, see ``limitNanoseconds(_:)``):
        /// the configuration's ``CurlTransport/Configuration/drainWindow``, 250 ms unless a test stretches it.
        let drainWindow: UInt64
        /// How much of an abandoned stream is read before giving up on it.
        static let drainBudget = 64 << 10

        private let control = Locked(Control())

        init(
            engine: CurlEngine, handle: CurlEasyHandle, method: String, maxBodyBytes: Int, maxHeaderBytes: Int,
            streamBufferBytes: Int?, limits: Limits, drainWindow: UInt64
        ) {
            self.engine = engine
            self.handle = handle
            self.method = method
            self.isIdempotent = RequestPreflight.isIdempotent(method)
            self.maxBodyBytes = maxBodyBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.stream = streamBufferBytes.map { BodyStreamBuffer(highWater: $0) }
            self.limits = limits
            self.drainWindow = drainWindow
            // The handle's buffer, kept from its last request: no allocation for a head in steady use.
            swap(&headBytes, &handle.headBuffer)
        }

        /// `duration` in whole milliseconds (rounded up, at least 1), as nanoseconds; capped at about a
        /// century so a deadline can never overflow.
        static func limitNanoseconds(_ duration: Duration) -> UInt64 {
            UInt64(min(milliseconds(duration), 1 << 42)) * 1_000_000
        }

        /// Whole milliseconds, rounded up and at least 1 (0 would mean "no limit" in ``Limits``).
        static func milliseconds(_ duration: Duration) -> Int {
            let (seconds, attoseconds) = duration.components
            guard seconds >= 0 && (seconds > 0 || attoseconds > 0) else { return 1 }
            let whole = seconds.multipliedReportingOverflow(by: 1000)
            guard !whole.overflow else { return Int.max }
            let fraction = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int(clamping: whole.partialValue + fraction)
        }

        /// When the exchange or connect limit next ends the transfer (monotonic nanoseconds), `.max` for never.
        /// Read under the drive lock while attached.
        var deadline: UInt64 {
            var due = limits.exchange > 0 ? attachedAt + limits.exchange : .max
            if limits.connect > 0 && !isConnected { due = min(due, attachedAt + limits.connect) }
            return due
        }

        /// Whether ``deadline`` is the connect limit's.
        var deadlineIsConnects: Bool {
            !isConnected && limits.connect > 0 && deadline == attachedAt + limits.connect
        }

        /// Whether at least one byte of the request reached the socket. Read under the drive lock while the
        /// handle is attached.
        var requestSent: Bool {
            if requestBytesWritten || watchesSentBytes { return requestBytesWritten }
            // The request size counts what the first send() of the request took; the upload counter what
            // later sends took, when the socket did not take the request whole at once.
            var requestSize = 0
            var uploaded: curl_off_t = 0
            sdk_curl_easy_getinfo_long(handle.raw, CURLINFO_REQUEST_SIZE, &requestSize)
            sdk_curl_easy_getinfo_off_t(handle.raw, CURLINFO_SIZE_UPLOAD_T, &uploaded)
            return requestSize > 0 || uploaded > 0
        }

        // MARK: Caller side

        /// Submits the configured transfer, unless the caller was cancelled first.
        func start(_ waiter: Waiter) {
            let proceed = control.withLock { control in
                guard !control.cancelled else { return false }
                control.waiter = waiter
                control.submitted = true
                return true
            }
            guard proceed else {
                releaseHandle()
                Self.resume(waiter, throwing: CancellationError())
                return
            }
            stream?.attach(self)
            if !engine.start(self) {
                releaseHandle()
                fail(TransportError(code: .unknown, requestSent: false, message: "the transport has shut down"))
            }
        }

        /// Abandons the exchange from any thread: the waiting Task gets `CancellationError`, the body stream
        /// (if any) ends, and the engine removes the transfer, closing its connection.
        func cancel() {
            let (waiter, remove): (Waiter?, Bool) = control.withLock { control in
                guard !control.cancelled && !control.finished else { return (nil, false) }
                control.cancelled = true
                let waiter = control.waiter
                control.waiter = nil
                return (waiter, control.submitted)
            }
            if let waiter { Self.resume(waiter, throwing: CancellationError()) }
            stream?.cancel()
            if remove { _ = engine.submit(.remove(self)) }
        }

        /// Whether the transfer was cancelled before the engine attached it.
        var isCancelled: Bool { control.withLock { $0.cancelled } }

        // MARK: Engine side

        /// Called once the header section of the final response is complete.
        func headDidComplete() {
            if let stream {
                let waiter: Waiter? = control.withLock { control in
                    guard !control.cancelled else { return nil }
                    let waiter = control.waiter
                    control.waiter = nil
                    return waiter
                }
                if case .head(let continuation)? = waiter {
                    continuation.resume(
                        returning: HTTPStreamingResponse(
                            status: status, headers: HTTPHeaders(headerFields), body: HTTPBodyStream(buffer: stream)))
                }
            } else {
                var expected: curl_off_t = -1
                sdk_curl_easy_getinfo_off_t(handle.raw, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected)
                if expected > 0 && expected <= maxBodyBytes { body.reserveCapacity(Int(expected)) }
            }
        }

        /// Called when curl reports the transfer done, before it is detached: settles the outcome while the
        /// handle can still be asked about it. ``deliverOutcome()`` hands it over once the drive lock is free.
        func complete(_ result: CURLcode) {
            if result == CURLE_OK {
                completedCleanly = true
                // A head that never ended (no empty line before the end) is still read.
                if !headComplete && !headBytes.isEmpty { readHead() }
                if status == 0 {
                    var code = 0
                    sdk_curl_easy_getinfo_long(handle.raw, CURLINFO_RESPONSE_CODE, &code)
                    status = code
                }
            } else {
                failure = CurlErrorMapping.error(
                    for: result, abortReason: abortReason, requestSent: requestSent, handle: handle)
            }
        }

        /// Resumes the waiting Task (or ends the body stream) with what ``complete(_:)`` settled. Called after
        /// the transfer was detached and the drive lock released, so the resumed Task can start its next
        /// request on the spot instead of finding the lock held.
        func deliverOutcome() {
            if let failure { fail(failure) } else { succeed() }
        }

        /// Frees the header list and gives the easy handle back to the pool, exactly once.
        func releaseHandle() {
            let first = control.withLock { control in
                defer { control.handleReleased = true }
                return !control.handleReleased
            }
            guard first else { return }
            if let headerList {
                curl_slist_free_all(headerList)
                self.headerList = nil
            }
            uploadReader?.close()
            // The head was read long before; its buffer goes back with the handle, unless a large head grew it.
            if headBytes.capacity <= CurlEasyHandle.headBufferCapacity {
                headBytes.removeAll(keepingCapacity: true)
                swap(&headBytes, &handle.headBuffer)
            }
            engine.pool.recycle(handle, clean: completedCleanly)
        }

        private func succeed() {
            let waiter = takeWaiterForCompletion()
            switch waiter {
            case .response(let continuation)?:
                continuation.resume(
                    returning: HTTPResponse(status: status, headers: HTTPHeaders(headerFields), body: body))
            case .head(let continuation)?:
                // The head was never announced (no blank line before the end): deliver it with the body so far.
                continuation.resume(
                    returning: HTTPStreamingResponse(
                        status: status, headers: HTTPHeaders(headerFields), body: HTTPBodyStream(buffer: stream!)))
                stream?.finish()
            case nil:
                stream?.finish()
            }
        }

        func fail(_ error: TransportError) {
            if let waiter = takeWaiterForCompletion() { Self.resume(waiter, throwing: error) }
            stream?.finish(throwing: error)
        }

        private func takeWaiterForCompletion() -> Waiter? {
            control.withLock { control in
                control.finished = true
                guard !control.cancelled else { return nil }
                let waiter = control.waiter
                control.waiter = nil
                return waiter
            }
        }

        private static func resume(_ waiter: Waiter, throwing error: any Error) {
            switch waiter {
            case .response(let continuation): continuation.resume(throwing: error)
            case .head(let continuation): continuation.resume(throwing: error)
            }
        }
    }

    extension CurlTransfer: BodyStreamProducer {
        func resumeProducing() {
            _ = engine.submit(.unpause(self))
        }

        func stopProducing() {
            cancel()
        }

        func abandonProducing() {
            _ = engine.submit(.drain(self))
        }
    }
#endif
