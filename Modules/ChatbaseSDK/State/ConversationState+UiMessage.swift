import Foundation

extension ConversationState {
    /// A tool call shown as a card in the message list.
    public struct ToolCallCard: Sendable, Hashable {
        /// Where the call stands.
        public enum Status: Sendable, Hashable {
            /// The handler is running (or the result has not been seen yet).
            case executing
            /// The result came back and is not an `{"error": …}` object.
            case success
            /// The result is an object with an `error` key.
            case failure
        }

        /// The server's ID for the call.
        public var toolCallId: String
        /// The tool's name.
        public var toolName: String
        /// The tool's arguments.
        public var input: JSONValue
        /// The result, once known.
        public var output: JSONValue?
        /// Where the call stands.
        public var status: Status

        /// Creates a card.
        public init(toolCallId: String, toolName: String, input: JSONValue, output: JSONValue? = nil, status: Status) {
            self.toolCallId = toolCallId
            self.toolName = toolName
            self.input = input
            self.output = output
            self.status = status
        }

        /// ``Status/failure`` for an object with an `error` key, else ``Status/success``.
        static func status(for output: JSONValue) -> Status {
            output.isErrorObject ? .failure : .success
        }
    }

    /// One row of the message list: a text bubble or a tool card.
    public struct UiMessage: Identifiable, Sendable, Hashable {
        /// What the row shows.
        public enum Kind: Sendable, Hashable {
            /// A text bubble.
            case text(String)
            /// A tool card.
            case toolCall(ToolCallCard)
        }

        /// A stable ID for the row (local until the server's is known; for cards, the tool call ID).
        public var id: String
        /// The server's message ID, once known. Pass it to ``ConversationState/retry(messageId:)``.
        public var messageId: String?
        /// What the row shows.
        public var kind: Kind
        /// Who wrote it.
        public var sender: MessageSender
        /// When it was written.
        public var date: Date
        /// Whether text is still streaming into it.
        public var isStreaming: Bool
        /// Whether the reply this row belongs to failed (see ``ConversationState/error``).
        public var isError: Bool
        /// The user's rating, for messages loaded from history.
        public var feedback: MessageFeedback?

        /// Creates a row.
        public init(
            id: String,
            messageId: String? = nil,
            kind: Kind,
            sender: MessageSender,
            date: Date = Date(),
            isStreaming: Bool = false,
            isError: Bool = false,
            feedback: MessageFeedback? = nil
        ) {
            self.id = id
            self.messageId = messageId
            self.kind = kind
            self.sender = sender
            self.date = date
            self.isStreaming = isStreaming
            self.isError = isError
            self.feedback = feedback
        }

        /// The text of a text bubble; `nil` for a card.
        public var text: String? {
            if case .text(let text) = kind { return text }
            return nil
        }

        /// The rows for one message from history: a bubble per non-empty text part and a card per
        /// tool call, with each tool result folded into its call's card.
        static func rows(for message: Message) -> [UiMessage] {
            var rows: [UiMessage] = []
            for part in message.parts {
                switch part {
                case .text(let text) where !text.isEmpty:
                    rows.append(
                        UiMessage(
                            id: "\(message.id)#\(rows.count)", messageId: message.id, kind: .text(text),
                            sender: message.sender, date: message.date, feedback: message.feedback))
                case .toolCall(let toolCallId, let toolName, let input):
                    let card = ToolCallCard(
                        toolCallId: toolCallId, toolName: toolName, input: input, status: .executing)
                    rows.append(
                        UiMessage(
                            id: toolCallId, messageId: message.id, kind: .toolCall(card), sender: .agent,
                            date: message.date))
                case .toolResult(let toolCallId, _, let output):
                    if let index = rows.lastIndex(where: { $0.id == toolCallId }),
                        case .toolCall(var card) = rows[index].kind
                    {
                        card.output = output
                        card.status = ToolCallCard.status(for: output)
                        rows[index].kind = .toolCall(card)
                    }
                case .text:
                    break
                }
            }
            return rows
        }
    }
}
