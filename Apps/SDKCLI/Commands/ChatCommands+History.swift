import ChatbaseSDK
import Foundation

extension Command {
    /// `sdk chat conversations [--limit N] [--cursor C] [--agent ID]`.
    static let chatConversations = Command(
        name: "conversations",
        summary: "List this device's (or the identified user's) conversations, newest first.",
        discussion: """
            One line per conversation: id, status, last update (UTC) and title. When there are more, the last \
            line gives the --cursor for the next page. With --json the result is \
            {"conversations":[…],"total","hasMore","nextCursor"}, each conversation in the wire's shape.
            """,
        parameters: ChatPageParameters(),
        run: { values, context in
            let client = ChatCLIConfiguration.client(agent: values.agent, context: context)
            let page: PaginatedResponse<Conversation>
            do {
                page = try await client.listConversations(cursor: values.page.cursor, limit: values.page.limit)
            } catch {
                throw ChatCLIConfiguration.failure(error, context: context)
            }
            var lines = page.data.map { conversation in
                let title = conversation.title.map { " \($0)" } ?? ""
                return "\(conversation.id)  \(conversation.status.rawValue)  "
                    + "\(ChatHistoryFormat.timestamp(conversation.updatedAt))\(title)"
            }
            if page.data.isEmpty { lines.append("no conversations yet") }
            lines += ChatHistoryFormat.footer(shown: page.data.count, total: page.total, nextCursor: page.nextCursor)
            try context.emit(
                ChatConversationsResult(
                    conversations: page.data, total: page.total, hasMore: page.hasMore, nextCursor: page.nextCursor),
                text: lines)
        }
    )

    /// `sdk chat messages <conversation-id> [--limit N] [--cursor C] [--agent ID]`.
    static let chatMessages = Command(
        name: "messages",
        summary: "List a conversation's messages, newest first.",
        discussion: """
            One line per text or tool part: [user msg_…] or [agent msg_…], then the text or \
            ⚙ tool {input} → {output}. With --json the result is \
            {"conversationId","messages":[…],"total","hasMore","nextCursor"}, each message in the wire's shape.
            """,
        parameters: ChatMessagesParameters(),
        run: { values, context in
            let conversationId = values.conversationId
            let client = ChatCLIConfiguration.client(agent: values.agent, context: context)
            let page: PaginatedResponse<Message>
            do {
                page = try await client.listMessages(
                    conversationId: conversationId, cursor: values.page.cursor, limit: values.page.limit)
            } catch {
                throw ChatCLIConfiguration.failure(error, context: context)
            }
            var lines = page.data.flatMap(ChatHistoryFormat.lines(of:))
            if page.data.isEmpty { lines.append("no messages") }
            lines += ChatHistoryFormat.footer(shown: page.data.count, total: page.total, nextCursor: page.nextCursor)
            try context.emit(
                ChatMessagesResult(
                    conversationId: conversationId, messages: page.data, total: page.total, hasMore: page.hasMore,
                    nextCursor: page.nextCursor),
                text: lines)
        }
    )
}

/// `--limit` and `--cursor`, as both list commands take them.
private struct ChatPageOptions: CommandParameters {
    let limit = Option<Int?>.value(
        "limit", type: .integer(in: 1...100), valueName: "n", help: "Items per page, 1–100 (server default 20).")
    let cursor = Option<String?>.value(
        "cursor", type: .nonEmpty, valueName: "cursor", help: "Continue after a previous page.")
}

/// `sdk chat conversations`'s options.
private struct ChatPageParameters: CommandParameters {
    let page = ChatPageOptions()
    let agent = ChatCLIConfiguration.agentOption
}

/// `sdk chat messages`'s conversation and options.
private struct ChatMessagesParameters: CommandParameters {
    let conversationId = Argument<String>.required(
        "conversation-id", type: .nonEmpty, help: "The conversation, e.g. conv_….")
    let page = ChatPageOptions()
    let agent = ChatCLIConfiguration.agentOption
}

/// What `sdk chat conversations --json` prints.
struct ChatConversationsResult: Encodable {
    let conversations: [Conversation]
    let total: Int
    let hasMore: Bool
    let nextCursor: String?
}

/// What `sdk chat messages --json` prints.
struct ChatMessagesResult: Encodable {
    let conversationId: String
    let messages: [Message]
    let total: Int
    let hasMore: Bool
    let nextCursor: String?
}

/// The text form of listed conversations and messages.
enum ChatHistoryFormat {
    /// `2026-11-29 20:15:40Z`: UTC, so output does not depend on the machine's zone.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601).replacingOccurrences(of: "T", with: " ")
    }

    /// One line per part of `message`: `[agent msg_…] text` or `[agent msg_…] ⚙ tool {…} → {…}`.
    static func lines(of message: Message) -> [String] {
        let prefix = "[\(message.sender.rawValue) \(message.id)]"
        let lines = ChatParts.lines(of: message.parts).map { line -> String in
            switch line {
            case .text(let text):
                return "\(prefix) \(text)"
            case .tool(let call):
                let output = call.output.map(ChatJSON.compact) ?? "(no result yet)"
                return "\(prefix) ⚙ \(call.name) \(ChatJSON.compact(call.input)) → \(output)"
            }
        }
        return lines.isEmpty ? ["\(prefix) (empty)"] : lines
    }

    /// `showing 20 of 45; next page: --cursor X` when there is more.
    static func footer(shown: Int, total: Int, nextCursor: String?) -> [String] {
        guard let nextCursor else { return [] }
        return ["showing \(shown) of \(total); next page: --cursor \(nextCursor)"]
    }
}
