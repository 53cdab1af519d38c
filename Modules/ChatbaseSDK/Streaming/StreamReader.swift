import ErrorCore
import Foundation

/// Reads one SSE response into a ``StreamTurn``, calling the text callback as deltas arrive.
///
/// - `data: [DONE]` ends the turn; an `error` event ends it with
///   `APIError.httpError(500, CHAT_STREAMING_ERROR, <server text>)`.
/// - A body that ends (or fails) before `finish` or `[DONE]` ends it with
///   `APIError.networkError(URLError(.networkConnectionLost))` (a transport failure keeps the
///   transport's code); a failure after `finish` is ignored, since the reply is complete.
/// - Events with an SSE `event:` name other than `message`, and unknown `type`s, are skipped; an
///   undecodable payload is `ChatError.decodingFailed`.
struct StreamReader {
    private static let done = Data("[DONE]".utf8)

    let callbacks: StreamCallbacks
    let activity: IdleActivity
    private let decoder = JSONDecoder()
    private(set) var turn = StreamTurn()
    private(set) var eventCount = 0

    init(callbacks: StreamCallbacks, activity: IdleActivity) {
        self.callbacks = callbacks
        self.activity = activity
    }

    mutating func read(_ body: HTTPBodyStream) async throws -> StreamTurn {
        var parser = SSEParser()
        do {
            for try await chunk in body {
                activity.touch()
                for event in parser.feed(chunk) {
                    if try await handle(event) { return turn }
                }
            }
        } catch let error as TransportError where turn.finish != nil && error.code != .cancelled {
            return turn
        }
        if let last = parser.finish(), try await handle(last) { return turn }
        guard turn.isComplete else {
            throw APIError.networkError(URLError(.networkConnectionLost))
        }
        return turn
    }

    /// Folds one SSE event in; returns whether the stream is over (`[DONE]`).
    private mutating func handle(_ event: SSEParser.Event) async throws -> Bool {
        if let type = event.type, type != "message" { return false }
        if event.data == Self.done {
            turn.sawDone = true
            return true
        }
        eventCount += 1
        let decoded: StreamEvent
        do {
            decoded = try FlatJSONScanner.event(event.data) ?? decoder.decode(StreamEvent.self, from: event.data)
        } catch {
            throw ChatError.decodingFailed("stream event: " + ChatbaseHTTP.describe(error, decoding: StreamEvent.self))
        }
        if case .error(let text) = decoded {
            throw APIError.httpError(
                statusCode: 500, detail: APIErrorDetail(code: "CHAT_STREAMING_ERROR", message: text))
        }
        if let delta = turn.apply(decoded), let onTextDelta = callbacks.onTextDelta {
            activity.pause()
            await onTextDelta(delta)
            activity.resume()
        }
        return false
    }
}
