/// Decisions about one response that depend on both the request and the handler's answer:
/// the status actually sent, framing, whether a body goes out, and whether the connection
/// survives.
struct ResponsePlan {
    let status: Int
    let framing: ResponseHead.Framing
    /// False for `HEAD`, 204 and 304: the head describes a body that is not sent.
    let sendsBody: Bool
    let keepAlive: Bool
    let connectionHeader: ResponseHead.ConnectionOption
    /// The fault still to act on (`delay` has already been served by the handler's task).
    let fault: HTTPFault?

    init(response: HTTPServerResponse, request: RequestHead) {
        status = Self.sanitizedStatus(response.status)
        fault = response.fault == nil || Self.isDelay(response.fault) ? nil : response.fault
        let bodyless = status == 204 || status == 304
        sendsBody = !bodyless && !request.isHead

        var framing: ResponseHead.Framing
        switch response.body {
        case .bytes(let data):
            if bodyless {
                framing = .none
            } else if request.isHead, let declared = response.headers["Content-Length"].flatMap(Int.init),
                declared >= 0
            {
                // A HEAD handler may state the length its GET would have; its body is empty.
                framing = .contentLength(declared)
            } else {
                framing = .contentLength(data.count)
            }
        case .stream:
            framing = bodyless ? .none : request.isHTTP10 ? .closeDelimited : .chunked
        }
        if fault == .malformedChunking { framing = .chunked }
        self.framing = framing

        let handlerCloses = response.headers.values(for: "Connection").contains { value in
            ASCII.listElements(ArraySlice(value.utf8)).contains { ASCII.equalsLowercase($0, "close") }
        }
        let closeDelimited = framing == .closeDelimited && sendsBody
        keepAlive = request.wantsKeepAlive && !handlerCloses && !closeDelimited && fault == nil
        if keepAlive {
            connectionHeader = request.isHTTP10 ? .keepAlive : .none
        } else {
            // Faults imitate a crash, so they do not announce the close.
            connectionHeader = fault == nil ? .close : .none
        }
    }

    /// Whether the handler's task should run the stream producer at all.
    static func runsProducer(for response: HTTPServerResponse, isHead: Bool) -> Bool {
        let status = sanitizedStatus(response.status)
        guard !isHead, status != 204, status != 304 else { return false }
        switch response.fault {
        case .closeBeforeResponding, .closeAfterHeaders, .malformedChunking: return false
        case .closeMidBody(let afterBytes): return afterBytes > 0
        case .delay, nil: return true
        }
    }

    /// Interim (1xx) statuses cannot be a final answer and nonsense codes cannot be sent.
    static func sanitizedStatus(_ status: Int) -> Int {
        (200...999).contains(status) ? status : 500
    }

    private static func isDelay(_ fault: HTTPFault?) -> Bool {
        if case .delay = fault { return true }
        return false
    }
}
