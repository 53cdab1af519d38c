import Foundation

/// Folds SSE events into a ``StreamTurn`` as the parser completes them, synchronously and without a
/// copy per event, and keeps what the reader must act on afterwards: the text deltas to report and
/// whether the turn ended.
///
/// Events after the end (`[DONE]`, an `error` event, an undecodable payload) are ignored: the reader
/// reports the deltas that came before it, then ends the turn.
struct TurnAssembler: SSEEventSink {
    /// How the turn ended, once it has.
    enum Outcome {
        /// `data: [DONE]`.
        case done
        /// An `error` event (`APIError`) or an undecodable payload (`ChatError`).
        case failed(any Error)
    }

    private(set) var turn = StreamTurn()
    /// The deltas parsed since the reader last reported them, when it reports any.
    var deltas: [String] = []
    private(set) var outcome: Outcome?
    /// Events decoded, `[DONE]` excluded.
    private(set) var eventCount = 0
    private let collectsDeltas: Bool
    /// Only events the fast path declines need one, and most replies have a single such event.
    private var decoder: JSONDecoder?

    init(collectsDeltas: Bool) {
        self.collectsDeltas = collectsDeltas
    }

    mutating func receive(type: String?, data: UnsafeRawBufferPointer) {
        guard outcome == nil else { return }
        if let type, type != "message" { return }
        if Self.isDone(data) {
            turn.sawDone = true
            outcome = .done
            return
        }
        eventCount += 1
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        if let delta = StreamEventScanner.canonicalTextDelta(bytes), appendCanonical(delta) { return }
        let event: StreamEvent
        if let fast = StreamEventScanner.event(bytes) {
            event = fast
        } else {
            do {
                let decoder = self.decoder ?? JSONDecoder()
                self.decoder = decoder
                event = try decoder.decode(StreamEvent.self, from: Data(data))
            } catch {
                outcome = .failed(
                    ChatError.decodingFailed(
                        "stream event: " + CodingErrorDescription.describe(error, type: StreamEvent.self)))
                return
            }
        }
        if case .error(let text) = event {
            outcome = .failed(
                APIError.httpError(
                    statusCode: 500, detail: APIErrorDetail(code: "CHAT_STREAMING_ERROR", message: text)))
            return
        }
        if let delta = turn.apply(event), collectsDeltas { deltas.append(delta) }
    }

    /// Folds in a canonical text delta; `false` when its text is not valid UTF-8 (the general path
    /// then reports it). A `String` is made only for the callback, or to validate non-ASCII text.
    private mutating func appendCanonical(_ delta: StreamEventScanner.CanonicalDelta) -> Bool {
        if collectsDeltas || !delta.isASCII {
            let text =
                delta.isASCII
                ? String(decoding: delta.text, as: UTF8.self) : UTF8Text.validating(delta.text)
            guard let text else { return false }
            if collectsDeltas { deltas.append(text) }
        }
        turn.appendDelta(utf8: delta.text, toBlock: delta.id)
        return true
    }

    /// Takes a whole canonical `text-delta` event straight from the chunk (see
    /// ``StreamEventScanner/canonicalTextDeltaEvent(_:)``); anything else is left to the parser.
    mutating func receiveEvent(at bytes: UnsafeRawBufferPointer) -> Int {
        guard outcome == nil,
            let (delta, length) = StreamEventScanner.canonicalTextDeltaEvent(bytes.assumingMemoryBound(to: UInt8.self)),
            appendCanonical(delta)
        else { return 0 }
        eventCount += 1
        return length
    }

    private static func isDone(_ data: UnsafeRawBufferPointer) -> Bool {
        let done: StaticString = "[DONE]"
        guard data.count == done.utf8CodeUnitCount, data.first == UInt8(ascii: "["), let base = data.baseAddress
        else { return false }
        return memcmp(base, done.utf8Start, data.count) == 0
    }
}
