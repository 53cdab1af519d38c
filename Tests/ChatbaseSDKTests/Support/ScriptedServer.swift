import ErrorCore
import Foundation
import HTTPServer
import SDKTransport
import TestSupport

@testable import ChatbaseSDK

/// A real HTTP server on 127.0.0.1 (ephemeral port) that answers with scripted responses, for the
/// client behaviour the emulator cannot produce: malformed streams, odd statuses, flaky tool results.
///
/// Routes are matched on `METHOD path` (path without the query); a route gets the request and how
/// many requests reached that route so far (1 for the first). Unmatched requests get 404 without a body.
final class ScriptedServer: Sendable {
    typealias Route = @Sendable (HTTPServerRequest, Int) async -> HTTPServerResponse

    let server: HTTPServer
    private let state = State()

    private final class State: Sendable {
        let routes = Locked<[String: Route]>([:])
        let counts = Locked<[String: Int]>([:])
        let received = Locked<[HTTPServerRequest]>([])
        let firstRequest = TestSignal()

        func handle(_ request: HTTPServerRequest) async -> HTTPServerResponse {
            received.withLock { $0.append(request) }
            firstRequest.fire()
            let key = "\(request.method) \(request.path)"
            let count = counts.withLock { counts in
                counts[key, default: 0] += 1
                return counts[key]!
            }
            guard let route = routes.withLock({ $0[key] }) else { return HTTPServerResponse(status: 404) }
            return await route(request, count)
        }
    }

    init() throws {
        let state = self.state
        var configuration = HTTPServer.Configuration()
        configuration.writeTimeout = .seconds(5)
        server = HTTPServer(configuration: configuration) { request in await state.handle(request) }
        _ = try server.start()
    }

    /// The API root the client is given.
    var apiBase: String { server.baseURL.absoluteString + "/api/sdk" }

    /// Scripts `METHOD /api/sdk/agents/agent-1<path>`.
    func on(_ method: String, _ path: String, _ route: @escaping Route) {
        state.routes.withLock { $0["\(method) /api/sdk/agents/agent-1\(path)"] = route }
    }

    /// Returns once at least one request has arrived.
    func waitForRequest() async {
        await state.firstRequest.wait()
    }

    /// Every request received, in order.
    var requests: [HTTPServerRequest] { state.received.withLock { $0 } }

    /// The requests whose path ends with `suffix`.
    func requests(endingWith suffix: String) -> [HTTPServerRequest] {
        requests.filter { $0.path.hasSuffix(suffix) }
    }

    func shutdown() async { await server.shutdown() }

    /// A streamed SSE response writing each string as its own chunk.
    static func sse(_ chunks: [String], status: Int = 200) -> HTTPServerResponse {
        .stream(status: status, headers: ["Content-Type": "text/event-stream"]) { writer in
            for chunk in chunks { try await writer.write(chunk) }
        }
    }

    /// `data: <event>\n\n` for each event.
    static func events(_ events: [String]) -> String {
        events.map { "data: \($0)\n\n" }.joined()
    }

    /// A complete scripted turn: text deltas, optional tool calls, a finish and `[DONE]`.
    static func turn(
        text: [String] = [], toolCalls: [(id: String, name: String, input: String)] = [],
        conversationId: String = "conv_1",
        messageId: String = "msg_1", finishReason: String? = nil, topLevelReason: Bool = true
    ) -> String {
        var list = [#"{"type":"start","messageId":"\#(messageId)"}"#]
        if !text.isEmpty {
            list.append(#"{"type":"text-start","id":"t1"}"#)
            list += text.map { #"{"type":"text-delta","id":"t1","delta":"\#($0)"}"# }
            list.append(#"{"type":"text-end","id":"t1"}"#)
        }
        for call in toolCalls {
            list.append(#"{"type":"tool-input-start","toolCallId":"\#(call.id)","toolName":"\#(call.name)"}"#)
            list.append(
                #"{"type":"tool-input-available","toolCallId":"\#(call.id)","toolName":"\#(call.name)","input":\#(call.input)}"#
            )
        }
        let reason = finishReason ?? (toolCalls.isEmpty ? "stop" : "tool-calls")
        let top = topLevelReason ? #","finishReason":"\#(reason)""# : ""
        list.append(
            #"{"type":"finish"\#(top),"messageMetadata":{"conversationId":"\#(conversationId)","messageId":"\#(messageId)","userMessageId":"umsg_1","userId":null,"finishReason":"\#(reason)","usage":{"credits":1}}}"#
        )
        return ": ping\n\n" + events(list) + "data: [DONE]\n\n"
    }
}

/// Records the waits the client asked for instead of sleeping.
final class SleepRecorder: Sendable {
    private let waits = Locked<[Duration]>([])

    var recorded: [Duration] { waits.withLock { $0 } }

    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] duration in
            waits.withLock { $0.append(duration) }
            try Task.checkCancellation()
        }
    }
}

/// A fresh storage directory for one test, so device IDs and tokens never leak between tests.
func temporaryStorage() -> ChatbaseStorage {
    ChatbaseStorage(
        directory: FileManager.default.temporaryDirectory.appendingPathComponent("chatbase-sdk-\(UUID().uuidString)"))
}

/// Runs `body` with a scripted server and a client pointed at it; always stops the server.
func withScriptedClient<T>(
    maxToolLoopSteps: Int = 10,
    timeouts: RequestTimeouts = RequestTimeouts(request: .seconds(5), resource: .seconds(20)),
    _ body: (ScriptedServer, ChatbaseClient, SleepRecorder) async throws -> T
) async throws -> T {
    let server = try ScriptedServer()
    let storage = temporaryStorage()
    let sleeps = SleepRecorder()
    let client = ChatbaseClient(
        agentId: "agent-1", baseURL: server.apiBase, timeouts: timeouts, maxToolLoopSteps: maxToolLoopSteps,
        transport: DefaultTransport.make(), storage: storage, clock: SDKClock(sleep: sleeps.sleep))
    defer { try? FileManager.default.removeItem(at: storage.directory) }
    do {
        let result = try await body(server, client, sleeps)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}

/// The error `body` throws, or `nil`.
func thrownError(_ body: () async throws -> some Any) async -> (any Error)? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
