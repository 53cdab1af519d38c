import ChatbaseSDK
import Foundation

// App code written against the official Chatbase iOS SDK as its README documents it (quick start,
// streaming callbacks, tools, identity, retry, non-streaming, session state), importing only what
// such an app imports. Nothing here knows it runs on this package's SDK or on an emulator: the
// tests hand it a base URL, as an app's debug settings would.

/// The support chat of a shop app.
@MainActor final class SupportChat {
    let client: ChatbaseClient
    /// What the screen shows, one line per event, in order.
    private(set) var transcript: [String] = []
    /// The text streamed into the bubble being written.
    private(set) var streamingText = ""
    /// The last alert the screen showed.
    private(set) var alert: String?

    init(agentId: String, baseURL: String) {
        client = ChatbaseClient(agentId: agentId, baseURL: baseURL)
        registerTools()
    }

    /// "Tools (Auto Tool-Loop)": register once; the SDK runs the handler inside `send`.
    private func registerTools() {
        client.tool("get_weather") { input in
            guard let city = input["city"]?.stringValue else {
                return .object(["error": .string("Missing city")])
            }
            if city == "Atlantis" { throw WeatherServiceError.cityUnderwater }
            return .object(["city": .string(city), "temperature": .int(21), "sunny": .bool(true)])
        }
    }

    /// "Quick Start".
    func sayHello() async throws -> ChatResponse {
        let response = try await client.send("Hello")
        transcript.append(response.message.text)
        return response
    }

    /// "Streaming via Callbacks": deltas go to the bubble as they arrive, tools show as lines.
    func ask(_ question: String, in conversationId: String? = nil) async throws -> ChatResponse {
        streamingText = ""
        let response = try await client.send(question, conversationId: conversationId) { cb in
            cb.onTextDelta = { chunk in await self.append(chunk) }
            cb.onToolCall = { info in await self.note("tool: \(info.toolName) \(info.input["city"]?.stringValue ?? "")")
            }
            cb.onToolResult = { info in
                await self.note("result: \(info.toolName) \(info.output["temperature"]?.intValue ?? -1)")
            }
        }
        transcript.append(response.message.text)
        return response
    }

    /// The same question, with errors handled the way the screen shows them: `nil` and an alert.
    func askShowingErrors(_ question: String, in conversationId: String? = nil) async -> ChatResponse? {
        do {
            return try await ask(question, in: conversationId)
        } catch let error as APIError {
            alert = ErrorAlerts.message(for: error)
        } catch let error as ChatError {
            alert = ErrorAlerts.message(for: error)
        } catch {
            alert = "Something went wrong: \(error.localizedDescription)"
        }
        return nil
    }

    /// "Retry": regenerate an agent message.
    func regenerate(_ messageId: String, in conversationId: String) async throws -> ChatResponse {
        try await client.retry(conversationId: conversationId, messageId: messageId)
    }

    /// "Non-Streaming": the whole reply at once, registered tools do not run.
    func quickAnswer(_ question: String, in conversationId: String? = nil) async throws -> (String, String, Double) {
        let response = try await client.sendNonStreaming(question, conversationId: conversationId)
        let reason: String
        switch response.finishReason {
        case .stop: reason = "stop"
        case .error: reason = "error"
        case .toolCalls: reason = "tool-calls"
        }
        return (response.message.text, reason, response.usage.credits)
    }

    /// "Identity Verification".
    func signIn(with jwt: String) async throws {
        try await client.identify(token: jwt)
    }

    func signOut() {
        client.logout()
    }

    /// What the account row shows.
    var accountLabel: String {
        switch client.authState {
        case .anonymous: "Guest on \(client.deviceId.prefix(8))"
        case .identified(let token): "Signed in (\(token.split(separator: ".").count)-part token)"
        }
    }

    /// "Session State".
    var session: (conversationId: String?, userId: String?) {
        (client.currentConversationId, client.currentUserId)
    }

    func startOver() {
        client.newConversation()
    }

    private func append(_ chunk: String) {
        streamingText += chunk
    }

    private func note(_ line: String) {
        transcript.append(line)
    }
}

/// What the weather service throws; its description is what the agent hears.
enum WeatherServiceError: LocalizedError {
    case cityUnderwater

    var errorDescription: String? { "No forecast under the sea" }
}
