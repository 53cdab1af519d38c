#if canImport(CCurl)
    import CCurl
    import Foundation

    /// The libcurl-based ``Transport``, the default on Linux.
    ///
    /// **Threading.** One curl multi handle, whose sockets one dedicated thread (not a Swift cooperative
    /// thread) waits on with `epoll`. `send` and `stream` configure a pooled easy handle on the calling
    /// thread and, when that thread is asleep, start the transfer there (curl never blocks: a request on a
    /// kept-alive connection is written at once), else hand it to the thread; then they suspend without
    /// blocking, and completion resumes the caller. A `send` that is the only request in flight first
    /// waits for its answer on the calling thread for up to ``Configuration/inlineWait`` (250 µs): an
    /// answer from this host or network then costs no thread wake-up at all. Every use of the multi handle
    /// is serialised by one lock that callers only ever try, never wait for. Any number of concurrent
    /// requests share the thread. Connections are kept alive and reused across requests; easy handles are
    /// pooled. Tasks that make many requests at once can run on that thread themselves (``taskExecutor``),
    /// so that neither their requests nor their answers change threads.
    ///
    /// **Protocol.** HTTP/1.1 over `http` and `https` only. Redirects are never followed: a 3xx comes back
    /// as a response, so a body or an `Authorization` header is never resent elsewhere. Any method works
    /// (`QUERY` with a body included). No `Expect: 100-continue` wait; curl adds `Accept: */*` only when
    /// the request has no `Accept`; `Content-Type` is sent only as the caller set it. When the caller sets
    /// no `Accept-Encoding`, every encoding this libcurl supports is offered and the body is decoded
    /// transparently (the headers still describe the encoded form); when the caller sets one, the body is
    /// returned as received. Interim 1xx responses and trailers are skipped.
    ///
    /// **Proxies.** As curl's own tool: `http_proxy`, `https_proxy` (or `HTTPS_PROXY`), `all_proxy` (or
    /// `ALL_PROXY`) and `no_proxy` (or `NO_PROXY`) from the environment, read when the transport is made.
    /// When none of the proxy variables is set then, the transport connects directly for its whole life,
    /// and spares curl reading the environment again for every request.
    ///
    /// **Limits.** A response header section over ``Configuration/maxResponseHeaderBytes`` (64 KiB) fails
    /// with `.badServerResponse`; a buffered body over ``Configuration/maxResponseBodyBytes`` (64 MiB)
    /// fails with `.dataLengthExceedsMaximum` (at once when `Content-Length` announces it). Streamed bodies
    /// have no total limit; at most about ``Configuration/streamBufferBytes`` (1 MiB) is buffered for a
    /// slow consumer before the transfer is paused until the consumer drains it.
    ///
    /// **Timeouts.** ``HTTPRequest/timeout`` bounds the whole exchange (for a stream: until the last byte),
    /// with millisecond precision; `nil` means ``Configuration/defaultTimeout`` for `send` and no overall
    /// limit for `stream`. Connecting (until the request can be written: name resolution, TCP, TLS) is also
    /// bounded by ``Configuration/connectTimeout``. ``HTTPRequest/idleTimeout`` independently bounds each
    /// silence (submission to the first response byte, then between pieces of the response), also with
    /// millisecond precision, and the time a stream is paused for a slow consumer does not count. The engine
    /// keeps all three itself rather than arm curl's timers: the thread's waits never outlast the earliest
    /// deadline, so expiry is seen within a millisecond or two, and a request pays for its deadlines with a
    /// few stores instead of curl's timer bookkeeping. Expiry throws `.timedOut`; an exchange cut short closes
    /// its connection.
    ///
    /// **Cancellation.** Cancelling the Task awaiting `send`/`stream`, or the Task iterating a body, removes
    /// the transfer at once (closing its connection) and throws `CancellationError`. Dropping a body before
    /// its end (leaving the loop, dropping the iterator) abandons it more gently: the rest is read and dropped
    /// for up to 250 ms and 64 KiB, so a response about to end keeps its connection; past either, the
    /// connection is closed.
    ///
    /// **`requestSent`.** It is `true` exactly when at least one byte of the request (request line,
    /// headers or body) was accepted by the socket, whatever the curl error code: for a request with a body
    /// or a method that is not idempotent, as reported by curl's debug callback
    /// (`CURLINFO_HEADER_OUT`/`CURLINFO_DATA_OUT` carry exactly what each `send()` took); for a bodyless
    /// idempotent request (a GET), from curl's counters of what its sends took (`CURLINFO_REQUEST_SIZE`,
    /// `CURLINFO_SIZE_UPLOAD_T`), which spares it curl's verbose mode. The counters miss one case the
    /// callback sees, a socket that took nothing of the request's first piece and part of a later one,
    /// and then say unsent of a request that may be sent again anyway. So it is `false` for an unusable
    /// URL, a name that does not resolve, a refused or timed-out connect and a failed TLS handshake, and
    /// `true` when the server closed the connection before answering, after the head or mid-body, or the
    /// timeout expired after sending. When a kept-alive connection turns out dead after the request was
    /// written, curl would resend the request on a new connection; this transport lets it do so only for
    /// idempotent methods (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`, `QUERY`) and otherwise fails
    /// with `.networkConnectionLost`, `requestSent == true`, so a `POST` is never sent twice behind the
    /// caller's back.
    public final class CurlTransport: Transport {
        /// Tunables; the defaults suit the SDKs in this package.
        public struct Configuration: Sendable {
            /// The whole-exchange limit for `send` when the request sets none. Default 60 s.
            public var defaultTimeout: Duration = .seconds(60)
            /// The limit on establishing a connection (name resolution, TCP and TLS), within the exchange's own.
            /// Default 10 s.
            public var connectTimeout: Duration = .seconds(10)
            /// The largest buffered response body. Default 64 MiB.
            public var maxResponseBodyBytes: Int = 64 << 20
            /// The largest response header section. Default 64 KiB.
            public var maxResponseHeaderBytes: Int = 64 << 10
            /// How much of a streamed body is buffered for a slow consumer before reading pauses. Default 1 MiB.
            public var streamBufferBytes: Int = 1 << 20
            /// How long `send` may wait for the answer on the calling thread when its request is the only one
            /// in flight, before it leaves the exchange to the transport's thread and suspends. Default
            /// 250 µs, .zero never waits. A `send` whose answer came back counts as in flight until its Task
            /// runs again, so a request started meanwhile never blocks a thread that Task may be waiting for.
            ///
            /// An answer from this host or this network often comes sooner, and then reaches the caller
            /// without two thread wake-ups (to the transport's thread and back), which cost more than the
            /// exchange itself on a small machine. The wait blocks the calling thread, and lasts 5 ms longer
            /// when no answer comes (its timeout is set past the kernel's next timer tick rather than program
            /// a timer event of its own); so after a wait without an answer within this time, up to 64
            /// requests skip it: a caller whose server is a millisecond or more away pays it rarely.
            public var inlineWait: Duration = .microseconds(250)
            /// How long a stream its consumer abandoned may take to end by itself, so it keeps its
            /// connection, before it is cut. 250 ms; internal, so only a test on a loaded machine stretches it.
            var drainWindow: Duration = .milliseconds(250)

            /// The defaults.
            public init() {}
        }

        /// The instance ``DefaultTransport/make()`` returns on Linux.
        public static let shared = CurlTransport()

        /// The configuration this transport was created with.
        public let configuration: Configuration
        let engine: CurlEngine?

        /// The configuration's durations as the engine takes them (nanoseconds), worked out once.
        private let defaultTimeoutNanoseconds: UInt64
        private let connectTimeoutNanoseconds: UInt64
        private let drainWindowNanoseconds: UInt64

        /// Creates a transport with its own network thread and connection pool.
        public init(configuration: Configuration = .init()) {
            self.configuration = configuration
            self.engine = CurlEngine(inlineWait: configuration.inlineWait)
            defaultTimeoutNanoseconds = CurlTransfer.limitNanoseconds(configuration.defaultTimeout)
            connectTimeoutNanoseconds = CurlTransfer.limitNanoseconds(configuration.connectTimeout)
            drainWindowNanoseconds = CurlTransfer.limitNanoseconds(configuration.drainWindow)
        }

        deinit {
            engine?.ownerReleased()
        }

        /// The transport's own thread as a task executor, for Tasks whose requests should change no thread.
        ///
        /// A request otherwise changes threads twice: it goes to the transport's thread (unless that thread
        /// sleeps and the caller starts it itself), and its answer comes back to a thread of the cooperative
        /// pool. A Task that prefers this executor runs on the transport's thread, between its passes over the
        /// network: its requests join the next pass and its answers resume it there, so a fan-out of many
        /// requests runs on one thread as a hand-written `curl_multi` loop would.
        ///
        /// ```swift
        /// try await withThrowingTaskGroup(of: Void.self) { group in
        ///     for url in urls {
        ///         group.addTask(executorPreference: transport.taskExecutor) {
        ///             _ = try await transport.send(HTTPRequest(url: url))
        ///         }
        ///     }
        ///     try await group.waitForAll()
        /// }
        /// ```
        ///
        /// The price: while such a Task runs, no transfer of this transport is served. Keep the work between
        /// requests short and never block in it (no synchronous I/O, no waiting on a semaphore); work that is
        /// long belongs on the global executor (`withTaskExecutorPreference(globalConcurrentExecutor) { … }`).
        /// Actor-isolated code still runs on its actor. It pays where a machine has more than one core and
        /// many requests are in flight; a lone request gains nothing, nor does a single core.
        ///
        /// Once the transport has shut down (released, and its last transfer done), Tasks that still prefer
        /// this executor run on the global concurrent executor. When libcurl could not be initialised, this
        /// is the global concurrent executor.
        @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
        public var taskExecutor: any TaskExecutor {
            engine ?? globalConcurrentExecutor
        }

        /// Sends `request` and buffers the response. Throws ``TransportError`` or `CancellationError`.
        public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let transfer = try makeTransfer(request, streaming: false)
            transfer.engine.callerArrives()
            defer { transfer.engine.callerLeaves() }
            return try await withTaskCancellationHandler {
                try await withUnsafeThrowingContinuation { continuation in
                    transfer.start(.response(continuation))
                }
            } onCancel: {
                transfer.cancel()
            }
        }

        /// Sends `request` and returns once the response head has arrived. Throws ``TransportError`` or
        /// `CancellationError`; later failures come from the body's iterator.
        public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
            let transfer = try makeTransfer(request, streaming: true)
            return try await withTaskCancellationHandler {
                try await withUnsafeThrowingContinuation { continuation in
                    transfer.start(.head(continuation))
                }
            } onCancel: {
                transfer.cancel()
            }
        }

        private func makeTransfer(_ request: HTTPRequest, streaming: Bool) throws(TransportError) -> CurlTransfer {
            try RequestPreflight.check(request)
            guard let engine, let handle = engine.pool.take() else {
                throw TransportError(code: .unknown, requestSent: false, message: "libcurl could not be initialised")
            }
            // No limit (0) for a stream without a timeout of its own.
            let exchangeLimit =
                request.timeout.map(CurlTransfer.limitNanoseconds) ?? (streaming ? 0 : defaultTimeoutNanoseconds)
            let transfer = CurlTransfer(
                engine: engine, handle: handle, method: request.method,
                maxBodyBytes: configuration.maxResponseBodyBytes,
                maxHeaderBytes: configuration.maxResponseHeaderBytes,
                streamBufferBytes: streaming ? configuration.streamBufferBytes : nil,
                limits: .init(
                    exchange: exchangeLimit, connect: connectTimeoutNanoseconds,
                    idle: request.idleTimeout.map(CurlTransfer.limitNanoseconds) ?? 0),
                drainWindow: drainWindowNanoseconds)
            do {
                try transfer.configure(request)
            } catch {
                transfer.releaseHandle()
                throw error
            }
            return transfer
        }
    }
#endif
