import Emulator
import ErrorCore
import Foundation
import HTTPServer
import Palbe
import TestSupport
import Testing

/// The loopback redirect listener (RFC 8252) over real sockets: a browser that meets hostile neighbours on
/// 127.0.0.1 first, then delivers the callback.
@Suite struct LoopbackPresenterTests {
    /// What a raw connection to the listener gets back for `request`.
    private static func answer(port: Int, _ request: String) async throws -> Int {
        let connection = try await ServerTestClient.connect(port: port, sending: request)
        defer { Task { await connection.close() } }
        return try await connection.readHead().status
    }

    @Test func theListenerSurvivesGarbageAndAcceptsExactlyTheCallback() async throws {
        try await withAuthBackend { bed in
            let statuses = Locked<[Int]>([])
            let presenter = LoopbackOAuthPresenter(timeout: .seconds(60)) { page in
                let callback = try await ProviderPagePresenter.answer(page, email: "loopback@example.com")
                let port = try #require(callback.port)
                #expect(callback.host == "127.0.0.1")
                #expect(callback.path == "/callback")
                var seen: [Int] = []
                seen.append(try await Self.answer(port: port, "NONSENSE\r\n\r\n"))
                seen.append(try await Self.answer(port: port, "GET /favicon.ico HTTP/1.1\r\nHost: x\r\n\r\n"))
                seen.append(try await Self.answer(port: port, "POST /callback HTTP/1.1\r\nHost: x\r\n\r\n"))
                let huge = "GET /callback HTTP/1.1\r\nX-Filler: " + String(repeating: "a", count: 20_000) + "\r\n\r\n"
                seen.append(try await Self.answer(port: port, huge))
                // A connection that sends nothing is dropped after the read timeout, not waited on forever.
                let silent = try await ServerTestClient.connect(port: port)
                #expect(await silent.waitForClose(timeout: .seconds(30)))
                await silent.close()
                let delivered = try await ProviderPagePresenter.get(callback)
                seen.append(delivered.status)
                #expect(String(decoding: delivered.body, as: UTF8.self).contains("close this window"))
                statuses.withLock { $0 = seen }
            }
            let client = bed.oauthClient()
            let result = try await client.auth.signIn(with: .github, presenter: presenter)
            guard case .signedIn(let success) = result else {
                Issue.record("expected .signedIn, got \(result)")
                return
            }
            #expect(success.user.email == "loopback@example.com")
            #expect(statuses.withLock { $0 } == [400, 404, 404, 431, 200])
            #expect(try await bed.pendingOAuth(client).isEmpty)
        }
    }

    @Test func noCallbackInTimeEndsTheTransaction() async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient()
            let presenter = LoopbackOAuthPresenter(timeout: .milliseconds(300)) { _ in }
            let error = await #expect(throws: AuthError.self) {
                _ = try await client.auth.signIn(with: .google, presenter: presenter)
            }
            #expect(error == .network(message: "No OAuth callback arrived in time"))
            let pending = try await bed.pendingOAuth(client)
            #expect(pending.isEmpty)
            #expect(await client.auth.isSignedIn == false)
        }
    }

    @Test func aCancelledTaskStopsListeningAndIsACancellation() async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient()
            let opened = TestSignal()
            let presenter = LoopbackOAuthPresenter(timeout: .seconds(120)) { _ in opened.fire() }
            let task = Task { try await client.auth.signIn(with: .google, presenter: presenter) }
            await opened.wait()
            task.cancel()
            let error = await #expect(throws: AuthError.self) { _ = try await task.value }
            #expect(error?.code == "oauth_cancelled")
            let pending = try await bed.pendingOAuth(client)
            #expect(pending.isEmpty)
        }
    }

    @Test func theRedirectPathComesFromARegisteredLoopbackURI() {
        #expect(LoopbackOAuthPresenter.path(registered: URL(string: "http://127.0.0.1/oauth/done")) == "/oauth/done")
        #expect(LoopbackOAuthPresenter.path(registered: URL(string: "http://localhost:8080/cb")) == "/cb")
        #expect(LoopbackOAuthPresenter.path(registered: URL(string: "com.example.app:/oauth")) == "/callback")
        #expect(LoopbackOAuthPresenter.path(registered: URL(string: "https://127.0.0.1/cb")) == "/callback")
        #expect(LoopbackOAuthPresenter.path(registered: nil) == "/callback")
    }
}
