import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKTransport
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// A paced agent's words really arrive over time, read incrementally through `CurlTransport.stream`.
@Suite struct ChatbasePaceTests {
    /// Sixty clients that open a long stream and never read it hold one chunk each in the server (the writer
    /// waits for the socket), and stall nothing: the admin API and another chat still answer.
    @Test func unreadStreamsStallNothing() async throws {
        try await withChatbase { server, client async throws in
            try server.createChatbaseAgent(ChatbaseAgentSpec(id: "slow", paceMilliseconds: 50))
            let port = try #require(client.http.baseURL.port)
            // 20,480 bytes, the longest message the API takes; the echo is ten thousand paced deltas.
            let body = #"{"message":"\#(String(repeating: "a ", count: 10_240))","stream":true}"#
            var idle: [ServerTestClient] = []
            for index in 0..<60 {
                let head =
                    "POST /api/sdk/agents/slow/chat HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                    + "User-Agent: Chatbase-iOS-SDK/1.0.0\r\nX-Device-Id: idle-\(index)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                idle.append(try await ServerTestClient.connect(port: port, sending: head + body))
            }
            // Every stream has begun once its head arrived; none of them is read past it.
            for connection in idle { #expect(try await connection.readHead().status == 200) }

            let health = try await client.http.send("GET", "/__emulator/health")
            #expect(health.status == 200)
            let chat = try await client.chat("still answering")
            #expect(chat.status == 200)
            #expect(chat.text == "You said: still answering")
            for connection in idle { await connection.close() }
        }
    }

    @Test func pacedDeltasArriveOneByOne() async throws {
        try await withChatbase { server, client async throws in
            let pace = 80
            try server.createChatbaseAgent(ChatbaseAgentSpec(id: "slow", paceMilliseconds: pace))
            let request = HTTPRequest(
                method: "POST", url: client.http.baseURL.appendingPathComponent("api/sdk/agents/slow/chat"),
                headers: HTTPHeaders(
                    client.headers.map { ($0.key, $0.value) } + [("Content-Type", "application/json")]),
                body: Data(#"{"message":"a b","stream":true}"#.utf8), timeout: .seconds(10))
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await DefaultTransport.make().stream(request)
            #expect(response.status == 200)
            var pending = ""
            var deltaArrivals: [Duration] = []
            // For each delta, the index of the body chunk it came in.
            var deltaChunks: [Int] = []
            var done = false
            var index = -1
            for try await chunk in response.body {
                index += 1
                pending += String(decoding: chunk, as: UTF8.self)
                while let end = pending.range(of: "\n\n") {
                    let event = pending[..<end.lowerBound]
                    pending.removeSubrange(..<end.upperBound)
                    if event.contains(#""type":"text-delta""#) {
                        deltaArrivals.append(clock.now - start)
                        deltaChunks.append(index)
                    }
                    if event == "data: [DONE]" { done = true }
                }
            }
            #expect(done)
            // "You said: a b" is four deltas, each after a pause: the n-th cannot be read before n pauses have
            // passed. (A reader held up on a busy machine reads later, never sooner.)
            #expect(deltaArrivals.count == 4)
            for (pauses, arrival) in zip(1..., deltaArrivals) {
                #expect(arrival >= .milliseconds(pace * pauses), "\(deltaArrivals)")
            }
            // One by one: each delta was its own write, so its own chunk of the body, however late the
            // reader took them from the transport.
            #expect(Set(deltaChunks).count == 4, "deltas by chunk: \(deltaChunks)")
        }
    }

    @Test func anUnpacedLongReplyStreamsCompletely() async throws {
        try await withChatbase { _, client async throws in
            let request = HTTPRequest(
                method: "POST", url: client.http.baseURL.appendingPathComponent("api/sdk/agents/emulator-agent/chat"),
                headers: HTTPHeaders(
                    client.headers.map { ($0.key, $0.value) } + [("Content-Type", "application/json")]),
                body: Data(#"{"message":"repeat 20000","stream":true}"#.utf8), timeout: .seconds(20))
            let response = try await DefaultTransport.make().stream(request)
            let body = try await response.body.collect(upTo: 8 << 20)
            // Seconds of string searching in a debug build: on a thread of its own, off the shared pool.
            let (deltas, sawLast, ended) = try await onOwnThread {
                let text = String(decoding: body, as: UTF8.self)
                return (
                    text.components(separatedBy: #""type":"text-delta""#).count - 1,
                    text.contains(#""delta":"word19999 ""#), text.hasSuffix("data: [DONE]\n\n")
                )
            }
            #expect(deltas == 20_000)
            #expect(sawLast)
            #expect(ended)
        }
    }
}
