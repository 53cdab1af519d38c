import Dispatch
import ErrorCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request in flight on a ``URLSessionTransport``: its task, what arrived so far, and the Task
/// waiting for it.
///
/// The response state (`status`, `headers`, `body`) is touched only from the session's serial
/// delegate queue. `control` is shared with callers: the waiter, the task, and why the exchange is
/// ending (caller cancelled, our timer fired, a limit was hit), so that exactly one path resumes the
/// caller and a `URLError.cancelled` we caused is reported as what it really was.
///
/// Every call into URLSession's task API (create, resume, cancel) runs on ``queue`` and every timer
/// on ``timerQueue``, never on the caller's thread. On Linux those calls wait synchronously for
/// FoundationNetworking's internal queue, whose work runs on the same width-limited dispatch root
/// queue as Swift's cooperative pool: two callers waiting there from the pool's two threads (on two cores) leave
/// nothing to run that queue's work, and every task in the process stalls until libdispatch adds a
/// thread, which took 5 to 30 s in parallel test runs (stack dumps showed both pool threads inside
/// `URLSession.dataTask(with:)` and `URLSessionTask.resume()`). A serial queue of our own is served by
/// its own thread, so neither those waits nor our timers depend on the pool; the timers have a queue of
/// their own so that they never wait behind one of those calls.
final class URLSessionExchange: @unchecked Sendable {
    /// Where URLSession's task API is called (see the type's comment).
    static let queue = DispatchQueue(label: "studio.sdk.transport.urlsession")
    /// Where the timers fire: never behind a task-API call that waits for FoundationNetworking.
    static let timerQueue = DispatchQueue(label: "studio.sdk.transport.urlsession.timers")

    enum Waiter {
        case response(UnsafeContinuation<HTTPResponse, any Error>)
        case head(UnsafeContinuation<HTTPStreamingResponse, any Error>)
    }

    private struct Control {
        var waiter: Waiter?
        var task: URLSessionDataTask?
        /// DispatchWorkItem is thread-safe to cancel but not marked Sendable.
        nonisolated(unsafe) var timer: DispatchWorkItem?
        var cancelled = false
        var finished = false
        /// Set when we cancel the task ourselves for a reason other than the caller's cancellation.
        var failure: TransportError?
    }

    let maxBodyBytes: Int
    let maxHeaderBytes: Int
    let stream: BodyStreamBuffer?
    /// The idle limit's clock, when the request has one.
    let idleTimer: URLSessionIdleTimer?
    /// The staged copy of an upload body, deleted when the exchange ends.
    let temporaryBodyFile: URL?
    /// The request's progress observer and its body's length.
    let uploadProgress: (report: @Sendable (Int64, Int64) -> Void, total: Int64)?
    private let control = Locked(Control())
    /// The task's flow-control state (see ``followFlowControl()``).
    let flowControl = PauseFollower(queue: URLSessionExchange.queue)
    /// The most body bytes reported so far (delegate queue only).
    private var reportedBodyBytes: Int64 = 0

    // Delegate-queue state.
    /// The response status; 0 until the head arrives.
    var status = 0
    var headers = HTTPHeaders()
    var body = Data()

    init(
        maxBodyBytes: Int, maxHeaderBytes: Int, streamBufferBytes: Int?, idleTimeout: Duration?,
        upload: URLSessionUploadPlan? = nil, uploadProgress: (@Sendable (Int64, Int64) -> Void, Int64)? = nil
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.stream = streamBufferBytes.map { BodyStreamBuffer(highWater: $0) }
        self.idleTimer = idleTimeout.map { URLSessionIdleTimer(limit: $0) }
        self.temporaryBodyFile = upload?.temporaryFile
        self.uploadProgress = uploadProgress.map { (report: $0.0, total: $0.1) }
    }

    deinit {
        // Every path ends here, including a caller cancelled before the task existed.
        if let temporaryBodyFile { try? FileManager.default.removeItem(at: temporaryBodyFile) }
    }

    // MARK: Caller side

    /// Registers the caller, then creates and resumes the task (through `makeTask`) on ``queue`` unless
    /// the caller was cancelled first, and arms the whole-exchange timer and the idle timer.
    func start(
        _ waiter: Waiter, timeout: Duration?, makeTask: @escaping @Sendable () -> URLSessionDataTask
    ) {
        let proceed = control.withLock { control in
            guard !control.cancelled else { return false }
            control.waiter = waiter
            return true
        }
        guard proceed else {
            Self.resume(waiter, throwing: CancellationError())
            return
        }
        stream?.attach(self)
        Self.queue.async { [self] in launch(timeout: timeout, makeTask: makeTask) }
    }

    /// The rest of ``start(_:timeout:makeTask:)``, on ``queue``.
    private func launch(timeout: Duration?, makeTask: () -> URLSessionDataTask) {
        // Cancelled while this waited for the queue: the caller has its answer; send nothing.
        guard !control.withLock({ $0.cancelled }) else { return }
        let task = makeTask()
        let timer = timeout.map { _ in
            DispatchWorkItem { [weak self] in
                self?.abort(TransportError(code: .timedOut, requestSent: true, message: "the request timed out"))
            }
        }
        // Store the task before arming the timer, so a timer that fires always finds a task to cancel.
        let cancelledMeanwhile = control.withLock { control in
            control.task = task
            control.timer = timer
            return control.cancelled
        }
        if cancelledMeanwhile {
            timer?.cancel()
            idleTimer?.stop()
            task.cancel()
            return
        }
        if let timer, let timeout {
            Self.timerQueue.asyncAfter(deadline: .now() + Self.seconds(timeout), execute: timer)
        }
        if let idleTimer {
            let milliseconds = idleTimer.milliseconds
            idleTimer.start { [weak self] in
                self?.abort(
                    TransportError(
                        code: .timedOut, requestSent: true, message: "no data received for \(milliseconds) ms"))
            }
        }
        task.resume()
    }

    /// Abandons the exchange: the waiting Task gets `CancellationError` now, the task is cancelled.
    func cancel() {
        let (waiter, task): (Waiter?, URLSessionDataTask?) = control.withLock { control in
            guard !control.cancelled && !control.finished else { return (nil, nil) }
            control.cancelled = true
            control.timer?.cancel()
            let waiter = control.waiter
            control.waiter = nil
            return (waiter, control.task)
        }
        idleTimer?.stop()
        if let waiter { Self.resume(waiter, throwing: CancellationError()) }
        stream?.cancel()
        // This runs inside a Task cancellation handler, which holds the task's status lock, while
        // FoundationNetworking's `cancel()` waits synchronously for the session's queue; if that
        // queue is at that moment resuming a continuation of the same task, it waits for the lock:
        // a deadlock seen on Linux. Cancelling on our queue breaks the cycle (and keeps the pool free).
        if let task { Self.queue.async { task.cancel() } }
    }

    /// Ends the exchange with `error` (our timer or a limit): the caller, or the stream's reader, gets
    /// `error` now, and the task is cancelled on ``queue``; its completion then reports nothing more
    /// (not the task's `URLError.cancelled`). Answering first keeps a timeout on time even when
    /// FoundationNetworking's queue is slow to take the cancel.
    func abort(_ error: TransportError) {
        let (aborted, waiter, task): (Bool, Waiter?, URLSessionDataTask?) = control.withLock { control in
            guard !control.cancelled && !control.finished && control.failure == nil else { return (false, nil, nil) }
            control.failure = error
            control.timer?.cancel()
            let waiter = control.waiter
            control.waiter = nil
            return (true, waiter, control.task)
        }
        guard aborted else { return }
        idleTimer?.stop()
        if let waiter { Self.resume(waiter, throwing: error) }
        stream?.finish(throwing: error)
        if let task { Self.queue.async { task.cancel() } }
    }

    // MARK: Delegate side

    /// The head arrived: streams resume their caller now.
    func didReceiveHead() {
        guard let stream else {
            return
        }
        let waiter: Waiter? = control.withLock { control in
            guard !control.cancelled && control.failure == nil else { return nil }
            let waiter = control.waiter
            control.waiter = nil
            return waiter
        }
        if case .head(let continuation)? = waiter {
            continuation.resume(
                returning: HTTPStreamingResponse(status: status, headers: headers, body: HTTPBodyStream(buffer: stream))
            )
        }
    }

    /// The task ended; `error` is what URLSession reported.
    func didComplete(error: (any Error)?) {
        let (waiter, failure): (Waiter?, TransportError?) = control.withLock { control in
            control.finished = true
            control.timer?.cancel()
            control.timer = nil
            control.task = nil
            guard !control.cancelled else { return (nil, nil) }
            let waiter = control.waiter
            control.waiter = nil
            return (waiter, control.failure)
        }
        idleTimer?.stop()
        var outcome: TransportError? = failure ?? error.map(URLSessionErrorMapping.error(for:))
        if outcome == nil && !receivedHead {
            // URLSession reported success without a response: never a status 0 to the caller.
            outcome = TransportError(
                code: .badServerResponse, requestSent: true, message: "the exchange ended without a response")
        }
        if let outcome {
            if let waiter { Self.resume(waiter, throwing: outcome) }
            stream?.finish(throwing: outcome)
            return
        }
        switch waiter {
        case .response(let continuation)?:
            continuation.resume(returning: HTTPResponse(status: status, headers: headers, body: body))
        case .head(let continuation)?:
            continuation.resume(
                returning: HTTPStreamingResponse(
                    status: status, headers: headers, body: HTTPBodyStream(buffer: stream!)))
            stream?.finish()
        case nil:
            stream?.finish()
        }
    }

    /// URLSession reports `sent` body bytes out so far (delegate queue).
    func didSendBody(totalBytesSent sent: Int64) {
        guard let uploadProgress, sent > reportedBodyBytes else { return }
        reportedBodyBytes = min(sent, uploadProgress.total)
        uploadProgress.report(reportedBodyBytes, uploadProgress.total)
    }

    /// Whether the response head has been recorded.
    var receivedHead: Bool { status != 0 }

    /// The task, for the delegate's flow control.
    var task: URLSessionDataTask? { control.withLock { $0.task } }

    private static func resume(_ waiter: Waiter, throwing error: any Error) {
        switch waiter {
        case .response(let continuation): continuation.resume(throwing: error)
        case .head(let continuation): continuation.resume(throwing: error)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return max(0, Double(seconds) + Double(attoseconds) / 1e18)
    }
}

extension URLSessionExchange: BodyStreamProducer {
    func resumeProducing() {
        followFlowControl()
    }

    /// Whether a streamed body's task is suspended while its consumer catches up. Only Apple's
    /// URLSession pauses a running task; on Linux suspending mid-transfer drops the connection, so
    /// the buffer there is unbounded.
    static var suspendsForFlowControl: Bool {
        #if canImport(Darwin)
            true
        #else
            false
        #endif
    }

    /// Brings the task in line with the stream buffer's latest pause decision, on ``queue``.
    ///
    /// The buffer decides under its lock; the delegate (pause) and the consumer (resume) act on the
    /// decision afterwards, from two threads. Sent as "suspend" and "resume" messages, a resume decided
    /// second could run first (the consumer drains between the delegate's push and its `suspend()`),
    /// leaving the task suspended for good. So both only ask for this, and each run applies whatever the
    /// buffer says at that moment: the last run always sees the last decision. The idle clock stops
    /// while the task is suspended.
    func followFlowControl() {
        guard Self.suspendsForFlowControl, let stream else { return }
        flowControl.follow({ stream.isProducerPaused }) { [self] paused in
            if paused {
                idleTimer?.pause()
                task?.suspend()
            } else {
                idleTimer?.resume()
                task?.resume()
            }
        }
    }

    func stopProducing() {
        cancel()
    }
}
