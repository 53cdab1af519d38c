import ErrorCore
import Foundation

/// Folds SSE events into a ``StreamTurn`` as the parser completes them, and keeps what the reader must act
/// on afterwards: the text deltas to report and whether the turn ended.
///
/// Each event's payload is decoded with `JSONDecoder` into a ``StreamEvent``. Events after the end
/// (`[DONE]`, an `error` event, an undecodable payload) are ignored: the reader reports the deltas that
/// came before it, then ends the turn.
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
    private let decoder = JSONDecoder()

    init(collectsDeltas: Bool) {
        self.collectsDeltas = collectsDeltas
    }

    mutating func receive(_ event: SSEParser.Event) {
        guard outcome == nil else { return }
        if let type = event.type, type != "message" { return }
        if event.data.elementsEqual("[DONE]".utf8) {
            turn.sawDone = true
            outcome = .done
            return
        }
        eventCount += 1
        let decoded: StreamEvent
        do {
            decoded = try decoder.decode(StreamEvent.self, from: event.data)
        } catch {
            outcome = .failed(
                ChatError.decodingFailed(
                    "stream event: " + CodingErrorDescription.describe(error, type: StreamEvent.self)))
            return
        }
        if case .error(let text) = decoded {
            outcome = .failed(
                APIError.httpError(
                    statusCode: 500, detail: APIErrorDetail(code: "CHAT_STREAMING_ERROR", message: text)))
            return
        }
        if let delta = turn.apply(decoded), collectsDeltas { deltas.append(delta) }
    }
}
