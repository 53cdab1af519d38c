import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession`-based ``Transport``: portable, and the default on Apple platforms.
///
/// It follows the ``Transport`` rules with these differences from ``CurlTransport``, all forced by
/// what `URLSession` exposes:
/// - **`requestSent`** is derived from the error code, since URLSession does not say whether bytes
///   left: `false` for `.cannotConnectToHost`, `.cannotFindHost`, `.dnsLookupFailed`, `.badURL`,
///   `.unsupportedURL` and TLS failures (`.secureConnectionFailed`, `.serverCertificate…`,
///   `.clientCertificate…`); `true` ("possibly sent") for every other failure, including timeouts.
/// - **Timeouts** are enforced by this transport (a timer cancels the task and reports `.timedOut`),
///   because `URLRequest.timeoutInterval` is an idle timeout and, on Linux, one under a second fails
///   at once. `nil` uses ``Options/defaultTimeout`` for `send`; a stream then has only URLSession's
///   idle timeout. ``HTTPRequest/idleTimeout`` is enforced the same way (one timer per exchange that
///   re-arms from the last arrival; activity is an atomic store), with `URLRequest.timeoutInterval`
///   kept above both limits so URLSession's own timer never fires first. While a task is suspended
///   for a slow consumer (Apple platforms) the idle clock stops.
/// - **Headers**: `URLRequest` keeps one value per name, so repeated request fields are joined with
///   `", "` and request fields go out in an order of URLSession's own; response fields come back one
///   per name, sorted by name. URLSession adds its own
///   `User-Agent`, `Accept-Language` and, for a `POST` with a body and no `Content-Type`,
///   `Content-Type: application/x-www-form-urlencoded`.
/// - **Bodies**: `GET` and `HEAD` cannot carry one (`.dataLengthExceedsMaximum`, never sent). An
///   ``HTTPRequest/uploadBody`` goes out through `uploadTask`: a single whole file directly, memory pieces
///   joined, and a mix (multipart framing around a file) through a temporary file composed by a streaming
///   copy first (see `URLSessionUploadPlan`), so memory stays flat at the cost of a second pass over the disk.
///   Progress comes from URLSession's `didSendBodyData`; on Linux, FoundationNetworking reports coarsely,
///   sometimes only once, for the finished body.
/// - **Decoding**: URLSession always offers and decodes gzip/deflate; on Linux it decodes even when
///   the caller set `Accept-Encoding`.
/// - **Limits**: the header limit is checked on the parsed fields; the body limit as on curl.
/// - **Streaming backpressure**: on Apple platforms a full buffer suspends the task; on Linux
///   FoundationNetworking cannot pause a running task, so a slow consumer's buffer grows.
/// - **Connection reuse** is URLSession's business on Apple platforms. On Linux every request asks
///   for `Connection: close`: FoundationNetworking would otherwise resend, without its body, a request
///   whose reused connection died, including a `POST` the server may have executed.
/// - **Redirects** are not followed: the 3xx is returned. On Linux, FoundationNetworking keeps the body
///   of a 301, 302, 303 or 305–308 that has no usable `Location` to itself, so that response comes
///   back with its status and headers and an empty body.
/// Task cancellation throws `CancellationError`.
public final class URLSessionTransport: Transport {
    /// Limits this transport enforces on top of URLSession.
    public struct Options: Sendable {
        /// The whole-exchange limit for `send` when the request sets none. Default 60 s.
        public var defaultTimeout: Duration = .seconds(60)
        /// The largest buffered response body. Default 64 MiB.
        public var maxResponseBodyBytes: Int = 64 << 20
        /// The largest response header section (approximated from the parsed fields). Default 64 KiB.
        public var maxResponseHeaderBytes: Int = 64 << 10
        /// How much of a streamed body is buffered before the task is suspended (Apple platforms only).
        public var streamBufferBytes: Int = 1 << 20

        /// The defaults.
        public init() {}
    }

    /// The instance ``DefaultTransport/make()`` returns on Apple platforms.
    public static let shared = URLSessionTransport()

    /// The limits this transport was created with.
    public let options: Options
    private let session: URLSession
    private let delegate = URLSessionTransportDelegate()

    /// Creates a transport with its own session built from `configuration` (copied; later changes to
    /// it have no effect). Caching and cookies are turned off: SDK requests are never answered from a
    /// cache and carry only the headers the SDK set.
    public init(configuration: URLSessionConfiguration = .default, options: Options = .init()) {
        let configuration = configuration.copy() as! URLSessionConfiguration
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let queue = OperationQueue()
        queue.name = "URLSessionTransport"
        queue.maxConcurrentOperationCount = 1
        // A serial dispatch queue of its own: on Linux an OperationQueue otherwise runs its delegate
        // callbacks on the dispatch root queue shared with Swift's cooperative pool (see
        // URLSessionExchange), where they wait behind every task in the process.
        // The OperationQueue does not own it on Linux (`unowned(unsafe)`); the delegate does, and the
        // session keeps its delegate until it is invalidated, after the last callback.
        queue.underlyingQueue = delegate.callbackQueue
        self.options = options
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        // Waits for FoundationNetworking's queue on Linux: never on the caller's (pool) thread.
        let session = session
        URLSessionExchange.queue.async { session.finishTasksAndInvalidate() }
    }

    /// Sends `request` and buffers the response. Throws ``TransportError`` or `CancellationError`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (urlRequest, upload) = try await makeURLRequest(request)
        let exchange = URLSessionExchange(
            maxBodyBytes: options.maxResponseBodyBytes, maxHeaderBytes: options.maxResponseHeaderBytes,
            streamBufferBytes: nil, idleTimeout: request.idleTimeout, upload: upload,
            uploadProgress: request.uploadProgress.map { ($0, request.bodyLength) })
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                exchange.start(.response(continuation), timeout: request.timeout ?? options.defaultTimeout) {
                    [self] in makeTask(urlRequest, upload: upload, for: exchange)
                }
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    /// Sends `request` and returns once the response head has arrived. Throws ``TransportError`` or
    /// `CancellationError`; later failures come from the body's iterator.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let (urlRequest, upload) = try await makeURLRequest(request)
        let exchange = URLSessionExchange(
            maxBodyBytes: options.maxResponseBodyBytes, maxHeaderBytes: options.maxResponseHeaderBytes,
            streamBufferBytes: options.streamBufferBytes, idleTimeout: request.idleTimeout, upload: upload,
            uploadProgress: request.uploadProgress.map { ($0, request.bodyLength) })
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                exchange.start(.head(continuation), timeout: request.timeout) {
                    [self] in makeTask(urlRequest, upload: upload, for: exchange)
                }
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    private func makeTask(
        _ request: URLRequest, upload: URLSessionUploadPlan?, for exchange: URLSessionExchange
    ) -> URLSessionDataTask {
        let task: URLSessionDataTask
        switch upload {
        case .file(let file, _)?: task = session.uploadTask(with: request, fromFile: file)
        case .data(let data)?: task = session.uploadTask(with: request, from: data)
        case nil: task = session.dataTask(with: request)
        }
        delegate.register(exchange, for: task)
        return task
    }

    /// The URLRequest for `request`, and how its ``HTTPRequest/uploadBody`` travels (nil without one).
    private func makeURLRequest(_ request: HTTPRequest) async throws -> (URLRequest, URLSessionUploadPlan?) {
        var urlRequest = try makeURLRequest(request, hasUpload: request.uploadBody != nil)
        guard let body = request.uploadBody else { return (urlRequest, nil) }
        if request.method == "GET" || request.method == "HEAD", body.length > 0 {
            throw TransportError(
                code: .dataLengthExceedsMaximum, requestSent: false,
                message: "URLSession cannot send a body with \(request.method)")
        }
        let plan = try await URLSessionUploadPlan.make(for: body)
        // The upload APIs take the body separately; the request must not carry one of its own.
        urlRequest.httpBody = nil
        return (urlRequest, plan)
    }

    private func makeURLRequest(_ request: HTTPRequest, hasUpload: Bool) throws(TransportError) -> URLRequest {
        try RequestPreflight.check(request)
        if !hasUpload && (request.method == "GET" || request.method == "HEAD") && !(request.body ?? Data()).isEmpty {
            // URLSession refuses this itself (as `.dataLengthExceedsMaximum`, after creating a task);
            // failing here keeps `requestSent` truthful.
            throw TransportError(
                code: .dataLengthExceedsMaximum, requestSent: false,
                message: "URLSession cannot send a body with \(request.method)")
        }
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for field in request.headers where !RequestPreflight.isFramingField(field.name) {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        #if canImport(FoundationNetworking)
            // FoundationNetworking lets its libcurl resend a request whose reused connection died
            // without an answer, whatever the method, and resends it with its head only: the body never
            // goes out again, so the server waits for it until its own timeout (seen: a POST answered
            // 408 after 10 s). A request the server may have executed must never be resent behind the
            // caller's back (``CurlTransport`` refuses that resend for non-idempotent methods), and no
            // option turns it off, so on Linux no connection is ever reused: each one closes after its
            // response.
            urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        #endif
        if let body = request.body, !(body.isEmpty && (request.method == "GET" || request.method == "HEAD")) {
            urlRequest.httpBody = body
        } else if RequestPreflight.sendsEmptyBody(request.method) {
            urlRequest.httpBody = Data()
        }
        // Our own timers bound the exchange and its silences; URLSession's idle timer must never fire
        // first (and on Linux must be at least a second, which it truncates to). Without a whole-exchange
        // limit it also stays at least at its default: an idle limit of ours never tightens URLSession's.
        if let longest = [request.timeout, request.idleTimeout].compactMap({ $0 }).max() {
            let interval = max(1, (URLSessionExchange.seconds(longest) + 1).rounded(.up))
            urlRequest.timeoutInterval =
                request.timeout == nil ? max(interval, urlRequest.timeoutInterval) : interval
        }
        return urlRequest
    }
}

extension HTTPRequest {
    /// The number of body bytes this request sends.
    var bodyLength: Int64 {
        uploadBody?.length ?? Int64(body?.count ?? 0)
    }
}
