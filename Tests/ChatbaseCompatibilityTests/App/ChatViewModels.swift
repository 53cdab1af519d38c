import ChatbaseSDK
import Foundation

// "SwiftUI with ConversationState" from the official README, without the view: the view model holds
// a `ConversationState`, a second one a `ConversationListState`, and the rows a view would render.

@MainActor final class ChatVM {
    let state: ConversationState
    var input = ""

    init(client: ChatbaseClient) {
        self.state = ConversationState(client: client)
    }

    /// The README's `send()`: clears the field and sends in a Task; returned so a test can await it.
    @discardableResult func send() -> Task<Void, Never> {
        let text = input
        input = ""
        return Task { [state] in await state.sendMessage(text) }
    }

    /// One string per row, as `List(vm.state.messages)` would render `msg.kind`.
    var rows: [String] {
        state.messages.map { msg in
            switch msg.kind {
            case .text(let text):
                return
                    "\(msg.sender == .user ? ">" : "<") \(text)\(msg.isStreaming ? "…" : "")\(msg.isError ? " ⚠" : "")"
            case .toolCall(let card):
                let status: String
                switch card.status {
                case .executing: status = "running"
                case .success: status = "done"
                case .failure: status = "failed"
                }
                return "[\(card.toolName) \(status)]"
            }
        }
    }

    /// The banner above the list.
    var banner: String? {
        state.error.map { error in (error as? APIError).map(ErrorAlerts.message(for:)) ?? "\(error)" }
    }
}

@MainActor final class ConversationsVM {
    let list: ConversationListState

    init(client: ChatbaseClient) {
        list = ConversationListState(client: client)
    }

    func appear() async {
        await list.load(limit: 2)
    }

    func reachedEnd() async {
        if list.hasMore { await list.loadMore() }
    }

    var titles: [String] { list.conversations.map { $0.title ?? $0.id } }
}
