import Foundation

/// A small HTTP/1.1 server on plain POSIX sockets, shared by the local emulator and the tests.
///
/// ```swift
/// let server = HTTPServer { request in .json(200, #"{"ok":true}"#) }
/// let port = try server.start()
/// // … talk to server.baseURL …
/// await server.shutdown()
/// ```
///
/// It speaks keep-alive and pipelining, chunked and `100-continue` requests, chunked streaming
/// responses, and answers malformed or oversized requests itself (400, 408, 413, 431, 501, 505,
/// each `{"error":"<code>"}` and a close) so handlers only ever see valid requests. Response
/// faults (`HTTPFault`) let client tests meet a misbehaving server on purpose.
///
/// ## Threading design
///
/// One accept thread, plus one dedicated thread per connection doing blocking reads and writes
/// under `poll(2)` deadlines. The handler runs on a Swift task; the connection thread sleeps on a
/// condition variable until the task delivers the response. A stream producer runs on the same
/// task and hands each chunk to the connection thread through `StreamWriter`, which suspends the
/// producer until that chunk is in the socket. The task prefers `HandlerExecutor`, a few threads
/// of the server's own, so a host process whose cooperative pool is busy (a parallel test run)
/// cannot hold up the server's answers and streams.
///
/// Why threads and not an event loop: without SwiftNIO, a `poll`/`epoll` reactor would need its
/// own buffering, write queues and wake-up plumbing, which is where such servers grow subtle
/// bugs. Blocking code per connection is short and obviously ordered (pipelining falls out of
/// it), the per-connection deadlines are plain `poll` timeouts, and none of it blocks Swift's
/// cooperative pool. The cost, a thread (512 KiB stack) per open connection, is fine at the
/// `maxConnections` this server is built for (hundreds); on two cores
/// it serves about 20,000 keep-alive requests/s and 5,000 new connections/s, and a streamed chunk
/// reaches a loopback client tens of microseconds after `write`.
///
/// Threads are joinable, and each finishing thread joins the one that finished before it, so once
/// `shutdown()` returns no accept or connection thread and no server descriptor is left (the
/// handler executor's threads serve every server and last as long as the process).
///
/// Built and tested on Linux; it also compiles on macOS (Darwin spellings in `SystemCalls`), so a
/// contributor on a Mac can run the emulator and the suite.
///
/// Always call `shutdown()`; dropping the server without it only begins a shutdown.
public final class HTTPServer: Sendable {
    /// Limits and address; every member has a usable default.
    public struct Configuration: Sendable {
        /// The address to bind: an IPv4 or IPv6 literal, or `localhost`.
        public var host: String = "127.0.0.1"
        /// The port to bind; 0 picks an ephemeral port (read it from `start()` or `port`).
        public var port: Int = 0
        /// At most this many connections are open. When all are taken, a new one sheds the slowest
        /// connection that is idle (waiting for a request), closing, or trickling a request in below
        /// ``minimumTransferRate``: the one with the fewest bytes per second in its current phase,
        /// the longest waiting first. A shed connection mid-request gets a 503 and is closed. Only
        /// when no connection can be shed (all are running handlers, writing responses or
        /// receiving at a good pace) does the new one get an immediate 503 and a close.
        public var maxConnections: Int = 256
        /// A larger request body (declared or actual) gets 413 and a close.
        public var maxRequestBodyBytes: Int = 8 << 20
        /// A larger header section (request line included) gets 431 and a close.
        public var maxHeaderBytes: Int = 32 << 10
        /// Once a request has started, each read of its head or body must make progress within this
        /// time; it is also the grace period before ``minimumTransferRate`` applies. A request that
        /// breaks any of the time limits gets 408 and a close.
        public var readTimeout: Duration = .seconds(10)
        /// A request's whole header section must arrive within this time of its first byte, however
        /// steadily it comes.
        public var headTimeout: Duration = .seconds(20)
        /// A request's whole body must arrive within this time of the head, however steadily it comes.
        public var bodyTimeout: Duration = .seconds(120)
        /// The slowest average pace, in bytes per second, a request's head and its body may each keep:
        /// after `n` bytes of either, the client has ``readTimeout`` plus `n` ÷ this rate from the
        /// part's start (within ``headTimeout`` or ``bodyTimeout``). A client trickling a byte every
        /// few seconds, which no per-read timeout stops, is cut soon after ``readTimeout``. 0 turns the
        /// rate rule off (the totals still hold).
        public var minimumTransferRate: Int = 1024
        /// How long a connection may wait for a request to start (its first, or the next one on a
        /// kept-alive connection) before it is closed without a response.
        public var idleTimeout: Duration = .seconds(30)
        /// A client that accepts no response bytes for this long is disconnected.
        public var writeTimeout: Duration = .seconds(10)
        /// Looks at each request once its head is parsed, before any of its body is read. A response it
        /// returns is sent at once, instead of reading the body and calling the handler, and the connection
        /// then closes (after reading and discarding what the client still sends for a moment, so it can
        /// read the answer). `nil` carries on as usual. Lets a server refuse an upload it will not take by
        /// its declared `Content-Length` without receiving it. A `.stream` body is sent empty. Runs on the
        /// connection's thread: keep it quick and non-blocking. Default: none.
        public var earlyResponse: (@Sendable (HTTPServerRequestHead) -> HTTPServerResponse?)?

        /// The defaults above.
        public init() {}
    }

    /// Answers one request. Runs on a Swift task (never on a connection thread); it may suspend
    /// freely and should honour cancellation, which `shutdown()` and vanished stream clients use.
    public typealias Handler = @Sendable (HTTPServerRequest) async -> HTTPServerResponse

    private let core: ServerCore

    /// Creates a server; nothing is bound until `start()`.
    public init(configuration: Configuration = .init(), handler: @escaping Handler) {
        core = ServerCore(configuration: configuration, handler: handler)
    }

    deinit {
        core.beginShutdown()
    }

    /// Binds and starts serving; returns the bound port.
    ///
    /// Throws `HTTPServerError.invalidAddress`, `.systemCallFailed` (e.g. `bind` with
    /// `EADDRINUSE`), `.alreadyStarted`, or `.stopped` after `shutdown()`. Also sets `SIGPIPE` to
    /// ignored for the whole process.
    @discardableResult
    public func start() throws -> Int {
        try core.start()
    }

    /// The bound port; 0 before `start()`.
    public var port: Int { core.port }

    /// `http://<host>:<port>`, with 127.0.0.1 standing in for a wildcard bind.
    public var baseURL: URL {
        let host = core.configuration.host
        let reachable: String
        switch host {
        case "0.0.0.0", "": reachable = "127.0.0.1"
        case "::", "[::]": reachable = "[::1]"
        default: reachable = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        return URL(string: "http://\(reachable):\(port)") ?? URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Stops accepting, closes every connection, and returns when all connection work has ended.
    ///
    /// In-flight handlers and stream producers are cancelled and awaited, so one that ignores
    /// cancellation (and, for a producer, the errors its writes now throw) delays the return.
    /// Safe to call more than once and before `start()`.
    public func shutdown() async {
        await core.shutdown()
    }

    /// Connections currently registered (being served or finishing), for leak tests.
    public var openConnectionCount: Int { core.openConnectionCount }

    /// Suspends until at most `count` connections are open, or `timeout` passes; returns whether
    /// the count was reached. Lets a test await the server noticing a close instead of polling.
    public func waitForOpenConnections(atMost count: Int, timeout: Duration = .seconds(5)) async -> Bool {
        await core.waitForOpenConnections(atMost: count, timeout: timeout)
    }
}
