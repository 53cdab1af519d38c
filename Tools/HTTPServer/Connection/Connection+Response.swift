import Foundation

extension Connection {
    /// What the connection does after a response.
    enum AfterResponse {
        case keepAlive
        /// Close gracefully (FIN, then drain).
        case close
        /// The client is gone or the socket failed: close at once.
        case abort
    }

    /// While a stream is idle, how often to check whether the client hung up, so a producer
    /// waiting for events learns (by cancellation) that nobody is listening.
    private static let peerCheckInterval: Duration = .milliseconds(200)

    /// Bodies up to this size go out in the same `send` as the head.
    private static let coalesceLimit = 64 << 10

    func respond(_ outcome: HandlerOutcome, to request: RequestHead) -> AfterResponse {
        let response = outcome.response
        let plan = ResponsePlan(response: response, request: request)
        let head = ResponseHead.serialize(
            status: plan.status, headers: response.headers, framing: plan.framing,
            connection: plan.connectionHeader)

        switch plan.fault {
        case .closeBeforeResponding:
            return .close
        case .closeAfterHeaders:
            return send(head) ? .close : .abort
        case .malformedChunking:
            return send(head + Array("zz\r\nnot a chunk\r\n".utf8)) ? .close : .abort
        case .closeMidBody(let afterBytes) where afterBytes <= 0:
            return send(head) ? .close : .abort
        default:
            break
        }
        let success: AfterResponse = plan.keepAlive ? .keepAlive : .close

        switch response.body {
        case .bytes(let data):
            guard plan.sendsBody, !data.isEmpty else { return send(head) ? success : .abort }
            if case .closeMidBody(let afterBytes) = plan.fault {
                return send(head + data.prefix(afterBytes)) ? .close : .abort
            }
            if data.count <= Self.coalesceLimit { return send(head + data) ? success : .abort }
            return send(head) && send(data) ? success : .abort
        case .stream:
            guard send(head) else {
                if let writer = outcome.writer {
                    abandon(writer)
                    awaitProducer(writer)
                }
                return .abort
            }
            guard let writer = outcome.writer else { return success }
            var budget: Int?
            if case .closeMidBody(let afterBytes) = plan.fault { budget = afterBytes }
            return pump(writer, chunked: plan.framing == .chunked, budget: budget, success: success)
        }
    }

    /// Moves chunks from the producer to the socket until the producer returns.
    ///
    /// `budget` (the `closeMidBody` fault) is the number of body bytes, framing included, to send
    /// before cutting the connection.
    private func pump(_ writer: StreamWriter, chunked: Bool, budget: Int?, success: AfterResponse) -> AfterResponse {
        var budget = budget
        var clientGone = false
        var cut = false
        while true {
            switch writer.next(until: .after(Self.peerCheckInterval)) {
            case .idle:
                if !clientGone, !cut, Socket.peerHasHungUp(descriptor) {
                    clientGone = true
                    abandon(writer)
                }
            case .chunk(let chunk):
                var wire = chunked ? ResponseHead.chunkFrame(chunk.data) : [UInt8](chunk.data)
                if let left = budget {
                    if wire.count >= left {
                        wire = Array(wire.prefix(left))
                        cut = true
                    }
                    budget = left - wire.count
                }
                guard send(wire) else {
                    chunk.continuation.resume(throwing: HTTPServerError.clientDisconnected)
                    clientGone = true
                    abandon(writer)
                    continue
                }
                if cut {
                    // Show the client the cut at once, not when the producer notices.
                    Socket.shutdownWriting(descriptor)
                    chunk.continuation.resume(throwing: HTTPServerError.clientDisconnected)
                    abandon(writer)
                } else {
                    chunk.continuation.resume()
                }
            case .finished(let producerFailed):
                writer.fail(.responseFinished)
                if clientGone { return .abort }
                // A cut body, a fault or a failed producer must not look complete: close without
                // the last chunk.
                if cut || budget != nil || producerFailed || !chunked { return .close }
                return send(ResponseHead.lastChunk) ? success : .abort
            }
        }
    }

    /// Waits for a producer that can no longer send anything to return, so no work outlives the
    /// connection.
    private func awaitProducer(_ writer: StreamWriter) {
        while true {
            switch writer.next(until: .never) {
            case .finished: return
            case .chunk(let chunk): chunk.continuation.resume(throwing: HTTPServerError.clientDisconnected)
            case .idle: continue
            }
        }
    }

    /// The client will never see more of this response: refuse further writes and cancel the
    /// producer so one waiting for events stops too.
    private func abandon(_ writer: StreamWriter) {
        writer.fail(.clientDisconnected)
        control.cancelTask()
    }
}
