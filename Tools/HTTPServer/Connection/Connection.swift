import Foundation

/// One accepted connection, served from accept to close by its own thread.
///
/// The thread reads a request, starts the handler on a task, sleeps on the connection's
/// `ConnectionControl` until the task delivers, writes the response and loops, so pipelined
/// requests are answered strictly in order. All socket I/O happens here, never on the handler's
/// task.
final class Connection {
    /// How long a closing connection keeps reading (and discarding) so the client can take our
    /// last response before we close; see `Socket.linger`.
    private static let lingerTime: Duration = .seconds(1)
    private static let lingerBytes = 1 << 20
    /// How long, and how much more than its declared body, a connection refused from its head keeps
    /// discarding: the client is still sending that body and must get to the end of it to read the answer
    /// (closing with its bytes unread would reset the connection and destroy the answer).
    private static let refusedBodyLingerTime: Duration = .seconds(15)
    private static let refusedBodyMaxBytes = 64 << 20

    let descriptor: Int32
    let id: Int
    let remotePort: Int
    let core: ServerCore
    let control: ConnectionControl
    /// What the connection is doing, which the accept thread reads to pick whom to shed.
    let activity: ConnectionActivity
    let reader: RequestReader

    init(
        descriptor: Int32, id: Int, remotePort: Int, core: ServerCore, control: ConnectionControl,
        activity: ConnectionActivity
    ) {
        self.descriptor = descriptor
        self.id = id
        self.remotePort = remotePort
        self.core = core
        self.control = control
        self.activity = activity
        let configuration = core.configuration
        reader = RequestReader(
            descriptor: descriptor,
            limits: .init(
                maxHeaderBytes: max(256, configuration.maxHeaderBytes),
                maxBodyBytes: max(0, configuration.maxRequestBodyBytes),
                readTimeout: configuration.readTimeout, idleTimeout: configuration.idleTimeout,
                headTimeout: configuration.headTimeout, bodyTimeout: configuration.bodyTimeout,
                minimumTransferRate: configuration.minimumTransferRate),
            activity: activity)
    }

    /// How a connection ends.
    enum Ending {
        /// Send FIN, drain what the client still sends, then close.
        case graceful
        /// Send FIN, drain the declared body of a request answered from its head (`bytes`), then close.
        case refusedBody(bytes: Int)
        /// Close now: the client is gone, idle, or the server is stopping.
        case immediate
    }

    /// Serves until the connection ends, then unregisters (which closes the descriptor).
    ///
    /// The linger before a graceful close may itself be shed (its reading side ended) when the server
    /// needs the slot.
    func run() {
        let ending = serve()
        let lingers = !control.isStopped && activity.begin(.closing)
        switch ending {
        case .graceful where lingers:
            Socket.linger(descriptor, until: .after(Self.lingerTime), maxBytes: Self.lingerBytes)
        case .refusedBody(let bytes) where lingers:
            Socket.linger(
                descriptor, until: .after(Self.refusedBodyLingerTime),
                maxBytes: min(bytes, Self.refusedBodyMaxBytes) + Self.lingerBytes)
        default:
            break
        }
        core.connectionThreadFinished(id)
    }

    private func serve() -> Ending {
        while !control.isStopped {
            let head: RequestHead
            let body: Data
            do {
                head = try reader.nextHead()
                if let early = core.configuration.earlyResponse?(HTTPServerRequestHead(head)) {
                    guard activity.begin(.busy) else { return answerShed() }
                    return answerEarly(early, to: head)
                }
                body = try reader.body(of: head) { send(ResponseHead.continueResponse) }
            } catch {
                switch error {
                case .quiet, .broken: return .immediate
                case .shed: return answerShed()
                case .rejected(let failure):
                    _ = send(ResponseHead.errorResponse(failure))
                    return .graceful
                }
            }
            // From here until the response is out the connection is the server's own work, never shed.
            guard activity.begin(.busy) else { return answerShed() }
            let request = HTTPServerRequest(
                method: head.method, target: head.target, headers: head.headers, body: body,
                remotePort: remotePort, connectionID: id)
            let outcome = runHandler(request, head: head)
            let next = respond(outcome, to: head)
            control.endExchange()
            if control.isStopped { return .immediate }
            switch next {
            case .keepAlive: continue
            case .close: return reader.peerClosed ? .immediate : .graceful
            case .abort: return .immediate
            }
        }
        return .immediate
    }

    /// Tells a client shed mid-request that the server is busy (without waiting: its slot is wanted
    /// now), then closes at once. What the client sent and nobody read is discarded first, so the
    /// close is a FIN behind the answer rather than a reset that could destroy it.
    private func answerShed() -> Ending {
        Socket.sendOnce(descriptor, ResponseHead.serviceUnavailable)
        _ = Socket.discardPending(descriptor)
        return .immediate
    }

    /// Sends the configuration's early answer instead of reading the body, then closes: the unread body
    /// would otherwise be read as the next request. Draining the body the client is still sending (the
    /// linger, up to its declared length) lets it finish and read the answer before the close.
    private func answerEarly(_ response: HTTPServerResponse, to head: RequestHead) -> Ending {
        var response = response
        if case .stream = response.body { response.body = .bytes(Data()) }
        var closing = head
        closing.wantsKeepAlive = false
        guard respond(HandlerOutcome(response: response, writer: nil), to: closing) != .abort else { return .immediate }
        if case .contentLength(let length) = head.framing { return .refusedBody(bytes: length) }
        return .graceful
    }

    /// Runs the handler (and any stream producer) on a task and blocks this thread until the
    /// response is ready. The `delay` fault is served on the task so it costs no thread time.
    private func runHandler(_ request: HTTPServerRequest, head: RequestHead) -> HandlerOutcome {
        let handler = core.handler
        let control = control
        let isHead = head.isHead
        let work: @Sendable () async -> Void = {
            let response = await handler(request)
            if case .delay(let duration) = response.fault {
                try? await Task.sleep(for: duration)
            }
            guard case .stream(let producer) = response.body,
                ResponsePlan.runsProducer(for: response, isHead: isHead)
            else {
                control.deliver(HandlerOutcome(response: response, writer: nil))
                return
            }
            let writer = StreamWriter(lock: control.lock)
            control.deliver(HandlerOutcome(response: response, writer: writer))
            do {
                try await producer(writer)
                writer.finish(producerFailed: false)
            } catch {
                writer.finish(producerFailed: true)
            }
        }
        let task: Task<Void, Never>
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            task = Task(executorPreference: HandlerExecutor.shared, operation: work)
        } else {
            task = Task(operation: work)
        }
        control.attach(task)
        return control.awaitOutcome()
    }

    /// Sends all of `bytes`, waiting out a slow reader up to the write timeout.
    func send(_ bytes: [UInt8]) -> Bool {
        Socket.sendAll(descriptor, bytes, stallTimeout: core.configuration.writeTimeout)
    }

    func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { Socket.sendAll(descriptor, $0, stallTimeout: core.configuration.writeTimeout) }
    }
}
