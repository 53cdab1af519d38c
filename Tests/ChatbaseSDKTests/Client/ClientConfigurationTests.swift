import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import SDKTransport
import Testing

@testable import ChatbaseSDK

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every request with one scripted turn, and remembers the paths it saw: proof that requests
/// went through the session built from the app's configuration.
final class StubChatProtocol: URLProtocol {
    static let paths = Locked<[String]>([])

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/event-stream"])
        else { return }
        Self.paths.withLock { $0.append(url.path) }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(ScriptedServer.turn(text: ["stubbed"]).utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// The `URLSessionConfiguration` given to the public initializer: what it controls, per transport.
@Suite(.hangGuard) struct ClientConfigurationTests {
    /// Whether the public initializer's requests travel through URLSession (Apple platforms and the
    /// portable build) rather than the shared curl transport.
    static let usesURLSession = DefaultTransport.make() is URLSessionTransport

    @Test func additionalHeadersReachTheServerBelowTheSDKsOwn() async throws {
        let server = try ScriptedServer()
        server.on("POST", "/chat") { _, _ in ScriptedServer.sse([ScriptedServer.turn(text: ["ok"])]) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["X-App-Build": "42", "User-Agent": "Spoof/1", "X-Device-Id": "spoofed"]
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        let deviceId = try await ChatbaseStorage.withOverride(storage) {
            let client = ChatbaseClient(agentId: "agent-1", baseURL: server.apiBase, configuration: configuration)
            _ = try await client.send("hi")
            return client.deviceId
        }
        await server.shutdown()
        let request = try #require(server.requests(endingWith: "/chat").first)
        #expect(request.headers["X-App-Build"] == "42")
        #expect(request.headers["User-Agent"]?.hasPrefix("Chatbase-iOS-SDK/") == true)
        #expect(request.headers["X-Device-Id"] == deviceId)
        #expect(request.headers.values(for: "X-Device-Id").count == 1)
    }

    @Test func timeoutsComeFromTheConfiguration() async throws {
        let server = try ScriptedServer()
        let release = TestSignal()
        server.on("POST", "/chat") { _, _ in
            await release.wait()
            return HTTPServerResponse(status: 500)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1.5
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        let error = await ChatbaseStorage.withOverride(storage) {
            await thrownError {
                try await ChatbaseClient(agentId: "agent-1", baseURL: server.apiBase, configuration: configuration)
                    .send("hi")
            }
        }
        release.fire()
        await server.shutdown()
        guard case .networkError(let underlying)? = error as? APIError else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .timedOut)
    }

    @Test(.enabled(if: usesURLSession)) func protocolClassesCarryTheRequests() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubChatProtocol.self]
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        let response = try await ChatbaseStorage.withOverride(storage) {
            try await ChatbaseClient(
                agentId: "stub-agent", baseURL: "https://chatbase.example/api/sdk", configuration: configuration
            ).send("hi")
        }
        #expect(response.message.text == "stubbed")
        #expect(StubChatProtocol.paths.withLock { $0 }.contains("/api/sdk/agents/stub-agent/chat"))
    }

    @Test func eachClientHasASessionOfItsOwnWhereURLSessionCarriesRequests() async throws {
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        let (first, second) = await ChatbaseStorage.withOverride(storage) {
            (ChatbaseClient(agentId: "a").http.transport, ChatbaseClient(agentId: "a").http.transport)
        }
        let identities = [first, second].map { ObjectIdentifier($0 as AnyObject) }
        if Self.usesURLSession {
            #expect(identities[0] != identities[1])
            #expect(!identities.contains(ObjectIdentifier(URLSessionTransport.shared)))
        } else {
            // curl reads no configuration: clients share the process's transport.
            #expect(identities[0] == identities[1])
        }
    }

    @Test func additionalHeadersForATransportThatCannotReadThem() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = [
            "X-B": "two", "X-A": NSNumber(value: 7), "Content-Length": "5", "host": "elsewhere", 1: "not a name",
            "X-Odd": ["list"],
        ]
        let headers = ConfiguredTransport.headers(of: configuration)
        #expect(headers.map(\.name) == ["X-A", "X-B"])
        #expect(headers["x-a"] == "7")
        #expect(headers["X-B"] == "two")
    }
}
