import ChatbaseSDK
import Foundation

// "Conversations" from the official README: paginated conversations and messages with `loadMore()`,
// and each message's parts read with an exhaustive switch over the official three cases.

/// The history tab.
struct HistoryBrowser {
    let client: ChatbaseClient

    /// Every conversation, page by page; with the total the server reported.
    func allConversations(pageSize: Int) async throws -> (titles: [String], total: Int, pages: Int) {
        var page = try await client.listConversations(limit: pageSize)
        var titles = page.data.map(Self.title(of:))
        var pages = 1
        while let next = try await page.loadMore() {
            titles += next.data.map(Self.title(of:))
            pages += 1
            page = next
        }
        return (titles, page.total, pages)
    }

    static func title(of conversation: Conversation) -> String {
        let status: String
        switch conversation.status {
        case .ongoing: status = "open"
        case .ended: status = "closed"
        case .takenOver: status = "with an agent"
        }
        return "\(conversation.title ?? "Untitled") (\(status))"
    }

    /// The first page of a conversation's messages, one line per part, and the next page if any.
    func transcript(of conversationId: String, pageSize: Int? = nil) async throws -> (lines: [String], hasMore: Bool) {
        let messages = try await client.listMessages(conversationId: conversationId, limit: pageSize)
        var lines: [String] = []
        for message in messages.data {
            let who: String
            switch message.sender {
            case .user: who = "me"
            case .agent: who = "bot"
            }
            for part in message.parts {
                switch part {
                case .text(let text):
                    lines.append("\(who): \(text)")
                case .toolCall(let toolCallId, let toolName, let input):
                    lines.append(
                        "\(who) calls \(toolName)#\(toolCallId.prefix(5)) \(input["query"]?.stringValue ?? "")")
                case .toolResult(_, let toolName, let output):
                    lines.append("\(toolName) gave \(output["results"]?.arrayValue?.count ?? 0) results")
                }
            }
        }
        return (lines, messages.hasMore)
    }
}
