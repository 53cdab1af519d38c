import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// Runs `body` against an in-memory emulator with `ChatbaseEmulator` mounted at `/api/sdk`.
func withChatbase<T>(
    rateLimit: Int = 1_000, rateLimitWindow: Duration = .seconds(10), clock: ManualClock? = nil,
    storage: EmulatorConfiguration.Storage = .inMemory,
    _ body: (EmulatorServer, ChatbaseTestClient) async throws -> T
) async throws -> T {
    var configuration = EmulatorConfiguration(port: 0, storage: storage)
    let service =
        clock.map { ChatbaseEmulator(rateLimit: rateLimit, rateLimitWindow: rateLimitWindow, clock: $0.read) }
        ?? ChatbaseEmulator(rateLimit: rateLimit, rateLimitWindow: rateLimitWindow)
    configuration.mount(service, at: "/api/sdk")
    return try await withEmulator(configuration) { server, http async throws in
        var http = http
        http.defaultHeaders = [:]
        return try await body(server, ChatbaseTestClient(http: http))
    }
}

/// Talks to `/api/sdk/agents/{agent}` as the iOS SDK does (User-Agent, X-Device-Id, X-User-Token).
struct ChatbaseTestClient: Sendable {
    var http: EmulatorTestClient
    var agent = "emulator-agent"
    var deviceID = "device-1"
    var token: String?
    var userAgent = "Chatbase-iOS-SDK/1.0.0"

    var headers: [String: String] {
        var headers = ["User-Agent": userAgent, "X-Device-Id": deviceID]
        if let token { headers["X-User-Token"] = token }
        return headers
    }

    /// A copy with other identity fields.
    func with(device: String? = nil, token: String?? = .none, agent: String? = nil) -> ChatbaseTestClient {
        var copy = self
        if let device { copy.deviceID = device }
        if case .some(let token) = token { copy.token = token }
        if let agent { copy.agent = agent }
        return copy
    }

    /// POST `/api/sdk/agents/{agent}<path>` with a JSON body.
    func post(_ path: String, _ body: AnyCodableValue) async throws -> EmulatorTestResponse {
        try await http.send("POST", "/api/sdk/agents/\(agent)\(path)", headers: headers, json: body.jsonText)
    }

    /// POST with a raw body.
    func post(_ path: String, raw: Data) async throws -> EmulatorTestResponse {
        try await http.send("POST", "/api/sdk/agents/\(agent)\(path)", headers: headers, body: raw)
    }

    /// GET `/api/sdk/agents/{agent}<path>`.
    func get(_ path: String) async throws -> EmulatorTestResponse {
        try await http.send("GET", "/api/sdk/agents/\(agent)\(path)", headers: headers)
    }

    /// A chat turn, parsed as SSE.
    func chat(_ message: String?, conversationId: String? = nil) async throws -> ChatbaseTestStream {
        var body: [String: AnyCodableValue] = ["stream": true]
        if let message { body["message"] = .string(message) }
        if let conversationId { body["conversationId"] = .string(conversationId) }
        return try ChatbaseTestStream(try await post("/chat", .object(body)))
    }

    /// Posts a tool result.
    func toolResult(
        conversationId: String, toolCallId: String, output: AnyCodableValue
    ) async throws -> EmulatorTestResponse {
        try await post(
            "/conversations/\(conversationId)/tool-result",
            ["toolCallId": .string(toolCallId), "output": output])
    }
}

/// A streamed chat answer split into SSE events.
struct ChatbaseTestStream {
    let response: EmulatorTestResponse
    /// The `data:` payloads before `[DONE]`, parsed.
    let events: [AnyCodableValue]
    /// The `:` comment lines.
    let comments: [String]
    /// Whether `data: [DONE]` ended the stream.
    let done: Bool

    init(_ response: EmulatorTestResponse) throws {
        self.response = response
        var events: [AnyCodableValue] = []
        var comments: [String] = []
        var done = false
        if response.status == 200 {
            for block in response.text.components(separatedBy: "\n\n") where !block.isEmpty {
                if block.hasPrefix(": ") {
                    comments.append(String(block.dropFirst(2)))
                } else if block == "data: [DONE]" {
                    done = true
                } else {
                    let payload = try #require(block.hasPrefix("data: ") ? block.dropFirst(6) : nil, "\(block)")
                    events.append(try JSONDecoder().decode(AnyCodableValue.self, from: Data(payload.utf8)))
                }
            }
        }
        self.events = events
        self.comments = comments
        self.done = done
    }

    var status: Int { response.status }
    /// The event types in order.
    var types: [String] { events.map { $0["type"]?.stringValue ?? "?" } }
    /// The concatenated text deltas.
    var text: String { events.filter { $0["type"] == "text-delta" }.compactMap { $0["delta"]?.stringValue }.joined() }
    /// The `finish` event's metadata.
    var finishMetadata: AnyCodableValue? { events.last { $0["type"] == "finish" }?["messageMetadata"] }
    /// The conversation id from `finish`.
    var conversationId: String? { finishMetadata?["conversationId"]?.stringValue }
    /// The assistant message id from `start`.
    var messageId: String? { events.first { $0["type"] == "start" }?["messageId"]?.stringValue }
    /// The tool call ids from `tool-input-available`, in order.
    var toolCallIds: [String] {
        events.filter { $0["type"] == "tool-input-available" }.compactMap { $0["toolCallId"]?.stringValue }
    }
}

extension EmulatorTestResponse {
    /// The body parsed as JSON.
    var json: AnyCodableValue? { try? JSONDecoder().decode(AnyCodableValue.self, from: body) }

    /// The Chatbase error code.
    var errorCode: String? { json?["error"]?["code"]?.stringValue }
}

/// Expects a Chatbase error answer and returns its `details`.
@discardableResult
func expectChatbaseError(
    _ response: EmulatorTestResponse, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation
) -> AnyCodableValue? {
    #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
    #expect(response.errorCode == code, "\(response.text)", sourceLocation: sourceLocation)
    #expect(response.json?["error"]?["message"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(response.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
    #expect(response.header("X-Request-Id")?.hasPrefix("req_") == true, sourceLocation: sourceLocation)
    return response.json?["error"]?["details"]
}
