import ErrorCore
import Foundation
import SDKTransport

/// Reads one SSE response into a ``StreamTurn``, calling the text callback as deltas arrive.
///
/// - `data: [DONE]` ends the turn; the rest of the body is still read (up to ``readAfterDone``
///   bytes, and within the idle limit) and ignored, so that the connection can carry the next
///   request. An `error` event ends the turn with
///   `APIError.httpError(500, CHAT_STREAMING_ERROR, <server text>)`.
/// - A body that ends (or fails) before `finish` or `[DONE]` ends it with
///   `APIError.networkError(URLError(.networkConnectionLost))` (a transport failure keeps the
///   transport's code); a failure after `finish` is ignored, since the reply is complete.
/// - Events with an SSE `event:` name other than `message`, and unknown `type`s, are skipped; an
///   undecodable payload is `ChatError.decodingFailed`.
///
/// Each chunk is framed by the one ``SSEParser`` and its events decoded and folded in one synchronous pass
/// (``TurnAssembler``); its deltas are then reported in order, each awaited, before the next chunk is read.
struct StreamReader {
    /// How much of the body is read after `[DONE]`, waiting for its end, before giving up on it.
    static let readAfterDone = 64 << 10

    let callbacks: StreamCallbacks
    private var assembler: TurnAssembler
    /// The deltas being reported, while the assembler collects the next chunk's.
    private var reported: [String] = []

    init(callbacks: StreamCallbacks) {
        self.callbacks = callbacks
        self.assembler = TurnAssembler(collectsDeltas: callbacks.onTextDelta != nil)
    }

    /// Events decoded so far, for the log.
    var eventCount: Int { assembler.eventCount }

    mutating func read(_ body: HTTPBodyStream) async throws -> StreamTurn {
        var parser = SSEParser()
        var done = false
        var afterDone = 0
        do {
            for try await chunk in body {
                if done {
                    // After `[DONE]` the rest of the body (servers end it right away) is read and ignored:
                    // a response read to its end leaves its connection open for the next request. A server
                    // that keeps talking is left to the transport past a limit.
                    afterDone += chunk.count
                    if afterDone > Self.readAfterDone { break }
                    continue
                }
                parser.feed(chunk, into: &assembler)
                done = try await settle()
            }
        } catch let error as TransportError where assembler.turn.isComplete && error.code != .cancelled {
            return assembler.turn
        }
        if done { return assembler.turn }
        parser.finish(into: &assembler)
        if try await settle() { return assembler.turn }
        guard assembler.turn.isComplete else {
            throw APIError.networkError(URLError(.networkConnectionLost))
        }
        return assembler.turn
    }

    /// Reports the deltas parsed since the last call, then says whether the turn is over (`[DONE]`) or
    /// throws how it failed.
    private mutating func settle() async throws -> Bool {
        if !assembler.deltas.isEmpty, let onTextDelta = callbacks.onTextDelta {
            // Two buffers trade places, so no chunk allocates a list for its deltas.
            swap(&reported, &assembler.deltas)
            for delta in reported { await onTextDelta(delta) }
            reported.removeAll(keepingCapacity: true)
        }
        switch assembler.outcome {
        case nil: return false
        case .done?: return true
        case .failed(let error)?: throw error
        }
    }
}
