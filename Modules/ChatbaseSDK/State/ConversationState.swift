import Foundation
import Observation

/// Ready-made state for one chat screen: the message list, streaming into it, tool cards, history
/// paging, retry and errors. Keep it in `@State`, a view model or the environment.
///
/// It never throws: failures go into ``error`` (clear it with ``clearError()``) and the failed
/// bubble is marked ``UiMessage/isError``. Cancelling the Task that runs ``sendMessage(_:)`` stops
/// the reply without an error. All changes happen on the main actor, so SwiftUI redraws as text streams in.
///
/// ```swift
/// @State var state = ConversationState(client: client)
/// Button("Send") { Task { await state.sendMessage(draft) } }.disabled(state.isSending)
/// ```
@MainActor @Observable
public final class ConversationState {
    /// The rows to show, oldest first.
    public private(set) var messages: [UiMessage] = []
    /// Whether a reply is running. ``sendMessage(_:)`` and ``retry(messageId:)`` do nothing meanwhile.
    public private(set) var isSending = false
    /// Whether history is loading.
    public private(set) var isLoadingHistory = false
    /// Whether older history can be loaded with ``loadMoreHistory()``.
    public private(set) var hasMoreHistory = false
    /// The conversation shown: given at init, taken from the first reply, or set by ``loadHistory(conversationId:limit:)``.
    public private(set) var conversationId: String?
    /// The last failure; `nil` after ``clearError()`` and when a new send starts.
    public private(set) var error: (any Error)?

    @ObservationIgnored private let client: ChatbaseClient
    @ObservationIgnored private var historyPage: PaginatedResponse<Message>?
    /// The row text deltas go to.
    @ObservationIgnored private var streamingRowId: String?
    /// The rows added by the running send, for stamping the server's IDs at the end.
    @ObservationIgnored private var turnRowIds: [String] = []

    /// A state that sends through `client` (register tools on it first), showing `conversationId`
    /// when given (call ``loadHistory(conversationId:limit:)`` to fill it), else a new conversation.
    public init(client: ChatbaseClient, conversationId: String? = nil) {
        self.client = client
        self.conversationId = conversationId
    }

    /// Switches the conversation the next send goes to, without touching the rows.
    public func setConversationId(_ id: String?) {
        conversationId = id
    }

    /// Forgets the last failure.
    public func clearError() {
        error = nil
    }

    /// Empties the screen and starts a new conversation.
    public func clear() {
        messages = []
        conversationId = nil
        historyPage = nil
        hasMoreHistory = false
        error = nil
        streamingRowId = nil
        turnRowIds = []
    }

    /// Loads the newest page of `conversationId` into the list (oldest first) and shows that conversation.
    public func loadHistory(conversationId: String, limit: Int = 20) async {
        guard !isLoadingHistory else { return }
        isLoadingHistory = true
        defer { isLoadingHistory = false }
        do {
            let page = try await client.listMessages(conversationId: conversationId, limit: limit)
            messages = page.data.reversed().flatMap(UiMessage.rows(for:))
            self.conversationId = conversationId
            historyPage = page
            hasMoreHistory = page.hasMore
        } catch {
            record(error)
        }
    }

    /// Loads the next older page above the rows already shown.
    public func loadMoreHistory() async {
        guard let page = historyPage, page.hasMore, !isLoadingHistory else { return }
        isLoadingHistory = true
        defer { isLoadingHistory = false }
        do {
            guard let next = try await page.loadMore() else {
                hasMoreHistory = false
                return
            }
            let shown = Set(messages.compactMap(\.messageId))
            let older = next.data.reversed().filter { !shown.contains($0.id) }.flatMap(UiMessage.rows(for:))
            messages.insert(contentsOf: older, at: 0)
            historyPage = next
            hasMoreHistory = next.hasMore
        } catch {
            record(error)
        }
    }

    /// Adds the user's message, streams the reply into a new bubble, shows tool cards as tools run,
    /// and tidies up at the end. Blank text, and calls while ``isSending``, are ignored.
    public func sendMessage(_ text: String) async {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !isSending else { return }
        begin()
        defer { end() }
        append(UiMessage(id: UUID().uuidString, kind: .text(trimmed), sender: .user))
        openStreamingRow()
        do {
            let response = try await client.send(trimmed, conversationId: conversationId, configure: wire)
            finish(with: response)
        } catch {
            fail(error)
        }
    }

    /// Asks the agent to answer again: the row with server ID `messageId` and every row after it are
    /// removed, then the new reply streams in. Ignored (with a warning in the log, category
    /// `ConversationState`) while sending, without a conversation, or when no row has that ID.
    public func retry(messageId: String) async {
        let ignored = { (reason: String) in
            self.client.log.note(.warning, ChatbaseLog.Category.conversationState, "retry ignored: \(reason)")
        }
        guard !isSending else { return ignored("already sending") }
        guard let conversationId else { return ignored("no conversationId") }
        guard let index = messages.firstIndex(where: { $0.messageId == messageId }) else {
            return ignored("messageId \(messageId.prefix(100)) not found")
        }
        begin()
        defer { end() }
        messages.removeSubrange(index...)
        openStreamingRow()
        do {
            let response = try await client.retry(conversationId: conversationId, messageId: messageId, configure: wire)
            finish(with: response)
        } catch {
            fail(error)
        }
    }

    // MARK: - Streaming

    private nonisolated func wire(_ callbacks: inout StreamCallbacks) {
        callbacks.onTextDelta = { [weak self] delta in await self?.appendDelta(delta) }
        callbacks.onToolCall = { [weak self] call in await self?.showToolCall(call) }
        callbacks.onToolResult = { [weak self] result in await self?.showToolResult(result) }
    }

    private func appendDelta(_ delta: String) {
        if streamingRowId == nil { openStreamingRow() }
        guard let index = row(streamingRowId), case .text(let text) = messages[index].kind else { return }
        messages[index].kind = .text(text + delta)
    }

    private func showToolCall(_ call: ToolCallInfo) {
        closeStreamingRow()
        let card = ToolCallCard(
            toolCallId: call.toolCallId, toolName: call.toolName, input: call.input, status: .executing)
        append(UiMessage(id: call.toolCallId, kind: .toolCall(card), sender: .agent))
    }

    /// Completes the call's card, then shows the typing bubble the continuation streams into (as the
    /// official SDK does); a bubble that stays empty is removed when the next card or the end comes.
    private func showToolResult(_ result: ToolResultInfo) {
        if let index = row(result.toolCallId), case .toolCall(var card) = messages[index].kind {
            card.output = result.output
            card.status = ToolCallCard.status(for: result.output)
            messages[index].kind = .toolCall(card)
        }
        if streamingRowId == nil { openStreamingRow() }
    }

    // MARK: - Turn bookkeeping

    private func begin() {
        error = nil
        isSending = true
        turnRowIds = []
    }

    private func end() {
        isSending = false
        streamingRowId = nil
    }

    private func openStreamingRow() {
        let row = UiMessage(id: UUID().uuidString, kind: .text(""), sender: .agent, isStreaming: true)
        append(row)
        streamingRowId = row.id
    }

    /// Ends the streaming bubble; an empty one (a round that was only tool calls) is removed.
    private func closeStreamingRow() {
        guard let index = row(streamingRowId) else { return }
        if messages[index].text?.isEmpty == true {
            messages.remove(at: index)
        } else {
            messages[index].isStreaming = false
        }
        streamingRowId = nil
    }

    private func finish(with response: ChatResponse) {
        if let index = row(streamingRowId) { messages[index].messageId = response.message.id }
        closeStreamingRow()
        for id in turnRowIds {
            guard let index = row(id) else { continue }
            if messages[index].sender == .user {
                messages[index].messageId = messages[index].messageId ?? response.userMessageId
            } else if messages[index].messageId == nil {
                messages[index].messageId = response.message.id
            }
        }
        if conversationId == nil { conversationId = response.conversationId }
    }

    private func fail(_ failure: any Error) {
        if failure is CancellationError {
            closeStreamingRow()
            return
        }
        error = failure
        if let index = row(streamingRowId) {
            messages[index].isStreaming = false
            messages[index].isError = true
        } else if let last = turnRowIds.last, let index = row(last) {
            messages[index].isError = true
        }
        streamingRowId = nil
    }

    private func record(_ failure: any Error) {
        if !(failure is CancellationError) { error = failure }
    }

    private func append(_ row: UiMessage) {
        messages.append(row)
        turnRowIds.append(row.id)
    }

    private func row(_ id: String?) -> Int? {
        guard let id else { return nil }
        return messages.lastIndex { $0.id == id }
    }
}
