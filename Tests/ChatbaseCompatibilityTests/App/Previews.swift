import ChatbaseSDK
import Foundation

// Values an app builds itself for SwiftUI previews and its own tests, with the official SDK's public
// initializers.

enum Previews {
    static let message = Message(
        id: "preview-1", text: "Hi! How can I help?", sender: .agent, date: Date(timeIntervalSince1970: 0),
        feedback: .positive, score: 0.5, parts: [.text("Hi! How can I help?")])

    static let conversation = Conversation(
        id: "conv-preview", title: "Order 42", createdAt: Date(timeIntervalSince1970: 0),
        updatedAt: Date(timeIntervalSince1970: 60), userId: nil, status: .ongoing)

    static let response = ChatResponse(
        message: message, conversationId: conversation.id, userMessageId: nil, finishReason: .stop,
        usage: Usage(credits: 1))

    static let lastPage = PaginatedResponse(data: [conversation], hasMore: false, total: 1) {
        PaginatedResponse(data: [], hasMore: false, total: 1) { throw ChatError.noContent }
    }

    static let row = ConversationState.UiMessage(id: "row-1", kind: .text("Typing…"), sender: .agent, isStreaming: true)

    static let signedIn = AuthState.identified(token: "header.payload.signature")

    static var callbacks: StreamCallbacks {
        var callbacks = StreamCallbacks()
        callbacks.onTextDelta = { _ in }
        return callbacks
    }

    /// The JSON accessors a tool handler reads its input with.
    static func read(_ input: JSONValue) -> [String] {
        [
            input["name"]?.stringValue ?? "-", input["count"]?.intValue.map(String.init) ?? "-",
            input["ratio"]?.numberValue.map { String($0) } ?? "-", input["ok"]?.boolValue.map(String.init) ?? "-",
            input.objectValue.map { String($0.count) } ?? "-",
            input["tags"]?.arrayValue.map { String($0.count) } ?? "-",
        ]
    }
}
