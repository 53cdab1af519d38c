import Foundation

/// Everything one SSE stream (one round of a reply) said, accumulated event by event.
///
/// Text is appended in place (one growing UTF-8 buffer per text block, made a `String` once), so a
/// long reply costs time in proportion to its length, not to the square of its number of deltas.
struct StreamTurn: Sendable {
    /// The `start` event's message ID.
    var startMessageId: String?
    /// Tool calls in arrival order, with the output the server produced for server-side tools.
    var toolCalls: [(info: ToolCallInfo, serverOutput: JSONValue?)] = []
    /// The `finish` event, when one arrived.
    var finish: StreamFinish?
    /// Whether `[DONE]` arrived.
    var sawDone = false

    private enum Slot: Sendable {
        case text(Int)
        case part(MessagePart)
    }

    private var slots: [Slot] = []
    /// Each text block's UTF-8 bytes, valid UTF-8 since only validated text is appended.
    private var texts: [[UInt8]] = []
    private var openText: [String: Int] = [:]
    /// The block the last delta went to, and its ID's bytes: nearly every delta continues it, so
    /// neither a `String` for its ID nor the dictionary is needed.
    private var lastDeltaIndex: Int?
    private var lastDeltaId: [UInt8] = []

    /// Text, tool calls and results in arrival order; the deltas of one text block form one part.
    var parts: [MessagePart] {
        slots.compactMap { slot in
            switch slot {
            case .text(let index): texts[index].isEmpty ? nil : .text(String(decoding: texts[index], as: UTF8.self))
            case .part(let part): part
            }
        }
    }

    /// Client-side tool calls to run: those the server did not answer itself, in arrival order.
    var pendingToolCalls: [ToolCallInfo] {
        toolCalls.filter { $0.serverOutput == nil }.map(\.info)
    }

    /// Whether the stream ended the way a complete reply does.
    var isComplete: Bool { finish != nil || sawDone }

    /// Folds one event in; returns the text delta to report, if the event was one.
    mutating func apply(_ event: StreamEvent) -> String? {
        switch event {
        case .start(let messageId):
            if let messageId { startMessageId = messageId }
        case .textStart(let id):
            openText[id] = newText()
            lastDeltaIndex = nil
        case .textDelta(let id, let delta):
            appendDelta(delta, to: id)
            return delta
        case .textEnd(let id):
            openText[id] = nil
            lastDeltaIndex = nil
        case .toolInputAvailable(let toolCallId, let toolName, let input):
            toolCalls.append((ToolCallInfo(toolCallId: toolCallId, toolName: toolName, input: input), nil))
            slots.append(.part(.toolCall(toolCallId: toolCallId, toolName: toolName, input: input)))
        case .toolOutputAvailable(let toolCallId, let output):
            let index = toolCalls.firstIndex { $0.info.toolCallId == toolCallId }
            if let index { toolCalls[index].serverOutput = output }
            let toolName = index.map { toolCalls[$0].info.toolName } ?? ""
            slots.append(.part(.toolResult(toolCallId: toolCallId, toolName: toolName, output: output)))
        case .finish(let finish):
            self.finish = finish
        case .error, .unknown:
            break
        }
        return nil
    }

    /// Appends a text delta to block `id` (opening it if no `text-start` did).
    mutating func appendDelta(_ delta: String, to id: String) {
        let index = block(continuesLast: lastDeltaIndex != nil && id.utf8.elementsEqual(lastDeltaId)) { id }
        texts[index].append(contentsOf: delta.utf8)
    }

    /// The index of the block a delta goes to: the last delta's when it `continuesLast`, else the block
    /// named `id()`.
    private mutating func block(continuesLast: Bool, id: () -> String) -> Int {
        if continuesLast, let lastDeltaIndex { return lastDeltaIndex }
        let id = id()
        let index = openText[id] ?? currentTextWithoutId(id) ?? newText(opening: id)
        lastDeltaIndex = index
        lastDeltaId = Array(id.utf8)
        return index
    }

    /// A delta without a block ID continues the text block just before it, if the last slot is one.
    private func currentTextWithoutId(_ id: String) -> Int? {
        guard id.isEmpty, case .text(let index)? = slots.last else { return nil }
        return index
    }

    private mutating func newText(opening id: String? = nil) -> Int {
        let index = texts.count
        texts.append([])
        slots.append(.text(index))
        if let id { openText[id] = index }
        return index
    }
}
