import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import SDKTransport
import Testing

@testable import ChatbaseSDK

/// Status and body combinations, timeouts and unusable configuration, against a scripted server.
@Suite(.hangGuard) struct ClientErrorTests {
    @Test func errorEnvelopeBecomesHTTPErrorWithRetryAfter() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                .json(
                    429,
                    #"{"error":{"code":"RATE_LIMIT_TOO_MANY_REQUESTS","message":"slow down","details":{"limit":1000}}}"#,
                    headers: ["Retry-After": "7"])
            }
            let error = try #require(await thrownError { try await client.send("hi") } as? APIError)
            #expect(error.statusCode == 429)
            #expect(error.apiCode == "RATE_LIMIT_TOO_MANY_REQUESTS")
            #expect(error.retryAfter == 7)
            guard case .httpError(_, let detail) = error else { return }
            #expect(detail.message == "slow down")
            #expect(detail.details == ["limit": "1000"])
        }
    }

    @Test(arguments: [
        (502, "<html>Bad gateway</html>", "text/html"), (500, "", "text/plain"),
        (403, #"{"error":"nope"}"#, "application/json"),
        (418, "[1,2]", "application/json"),
    ])
    func unreadableErrorBodiesKeepTheStatus(_ status: Int, _ body: String, _ type: String) async throws {
        try await withScriptedClient { server, client, _ in
            server.on("GET", "/conversations") { _, _ in
                HTTPServerResponse(status: status, headers: ["Content-Type": type], body: Data(body.utf8))
            }
            let error = try #require(await thrownError { try await client.listConversations() } as? APIError)
            #expect(error.statusCode == status)
            #expect(error.apiCode == "UNKNOWN")
        }
    }

    @Test func streamErrorStatusReadsTheEnvelope() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                .json(402, #"{"error":{"code":"CHAT_CREDITS_EXHAUSTED","message":"no credits"}}"#)
            }
            let error = try #require(await thrownError { try await client.send("hi") } as? APIError)
            #expect(error.statusCode == 402)
            #expect(error.apiCode == "CHAT_CREDITS_EXHAUSTED")
        }
    }

    @Test(arguments: [#"{"data":[{"id":1}],"pagination":{"hasMore":false}}"#, "not json", #"{"data":[]}"#])
    func undecodableSuccessIsDecodingFailed(_ body: String) async throws {
        try await withScriptedClient { server, client, _ in
            server.on("GET", "/conversations") { _, _ in .json(200, body) }
            let error = await thrownError { try await client.listConversations() }
            guard case .decodingFailed = error as? ChatError else {
                Issue.record("expected decodingFailed, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func slowHeadTimesOut() async throws {
        try await withScriptedClient(timeouts: RequestTimeouts(request: .milliseconds(300), resource: .seconds(20))) {
            server, client, _ in
            server.on("GET", "/conversations") { _, _ in
                HTTPServerResponse(status: 200, body: Data(), fault: .delay(.seconds(2)))
            }
            server.on("POST", "/chat") { _, _ in
                HTTPServerResponse(status: 200, body: Data(), fault: .delay(.seconds(2)))
            }
            for operation in [{ _ = try await client.listConversations() }, { _ = try await client.send("hi") }] {
                let error = await thrownError { try await operation() }
                guard case .networkError(let underlying) = error as? APIError else {
                    Issue.record("expected networkError, got \(String(describing: error))")
                    continue
                }
                #expect((underlying as? URLError)?.code == .timedOut)
            }
        }
    }

    @Test func silentStreamTimesOutButASlowCallbackDoesNot() async throws {
        // The idle limit leaves the scripted server, on the cooperative pool every parallel test shares, time
        // to answer on a loaded machine (300 ms did not); the callback still outlasts it.
        try await withScriptedClient(timeouts: RequestTimeouts(request: .seconds(2), resource: .seconds(20))) {
            server, client, _ in
            let release = TestSignal()
            server.on("POST", "/chat") { request, _ in
                let stall = String(decoding: request.body, as: UTF8.self).contains("stall")
                return .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                    try await writer.write(ScriptedServer.events([#"{"type":"text-delta","id":"t","delta":"a"}"#]))
                    if stall { await release.wait() }
                    try await writer.write(ScriptedServer.turn(text: ["b"]))
                }
            }
            let error = await thrownError { try await client.send("stall") }
            release.fire()
            guard case .networkError(let underlying) = error as? APIError else {
                Issue.record("expected networkError, got \(String(describing: error))")
                return
            }
            #expect((underlying as? URLError)?.code == .timedOut)

            // A callback that takes longer than the idle limit is not silence on the wire.
            let response = try await client.send("go") { callbacks in
                callbacks.onTextDelta = { _ in try? await Task.sleep(for: .milliseconds(2500)) }
            }
            #expect(response.message.text == "ab")
        }
    }

    @Test func refusedConnectionIsANetworkError() async throws {
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        let client = ChatbaseClient(
            agentId: "a", baseURL: "http://127.0.0.1:1/api/sdk", transport: DefaultTransport.make(), storage: storage)
        let error = await thrownError { try await client.send("hi") }
        guard case .networkError(let underlying) = error as? APIError else {
            Issue.record("expected networkError, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .cannotConnectToHost)
    }

    @Test(arguments: ["not a url", "ftp://example.com/api", "", "https://", "https://h/api?x=1"])
    func invalidBaseURLFailsEveryCall(_ baseURL: String) async throws {
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        let client = ChatbaseClient(
            agentId: "a", baseURL: baseURL, transport: DefaultTransport.make(), storage: storage)
        let calls: [@Sendable () async throws -> Void] = [
            { _ = try await client.send("hi") }, { _ = try await client.sendNonStreaming("hi") },
            { _ = try await client.retry(conversationId: "c", messageId: "m") },
            { _ = try await client.listConversations() },
            { _ = try await client.listMessages(conversationId: "c") }, { try await client.identify(token: "t") },
        ]
        for call in calls {
            let error = await thrownError { try await call() }
            #expect((error as? ChatError).map { if case .invalidURL(baseURL) = $0 { true } else { false } } == true)
        }
    }
}
