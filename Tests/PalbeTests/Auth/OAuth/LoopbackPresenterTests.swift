import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import Palbe
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

    /// Signs `client` in with GitHub through `presenter` and returns the user's email; any other result
    /// is recorded as an issue (and gives nil).
    private static func signedInEmail(
        _ client: PalbeClient, through presenter: LoopbackOAuthPresenter
    ) async throws
        -> String?
    {
        let result = try await client.auth.signIn(with: .github, presenter: presenter)
        guard case .signedIn(let success) = result else {
            Issue.record("expected .signedIn, got \(result)")
            return nil
        }
        return success.user.email
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
            let email = try await Self.signedInEmail(client, through: presenter)
            #expect(email == "loopback@example.com")
            #expect(statuses.withLock { $0 } == [400, 404, 404, 431, 200])
            #expect(try await bed.pendingOAuth(client).isEmpty)
        }
    }

    /// Any local process can reach the port: a request on the callback path that does not carry this
    /// transaction's `state` is answered 400 and not taken, and the real callback still signs in. (It
    /// used to be taken as the callback, answered "Sign-in complete", and the port closed.)
    @Test func aCallbackWithoutTheTransactionsStateIsNotTaken() async throws {
        try await withAuthBackend { bed in
            let statuses = Locked<[Int]>([])
            let presenter = LoopbackOAuthPresenter(timeout: .seconds(60)) { page in
                let callback = try await ProviderPagePresenter.answer(page, email: "state@example.com")
                let port = try #require(callback.port)
                var seen: [Int] = []
                for target in ["/callback", "/callback?state=forged&code=abc", "/callback?error=access_denied"] {
                    seen.append(try await Self.answer(port: port, "GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n"))
                }
                seen.append(try await ProviderPagePresenter.get(callback).status)
                statuses.withLock { $0 = seen }
            }
            let client = bed.oauthClient()
            let email = try await Self.signedInEmail(client, through: presenter)
            #expect(email == "state@example.com")
            #expect(statuses.withLock { $0 } == [400, 400, 400, 200])
        }
    }

    /// Idle local connections cannot hold the callback back. Nine stay open and silent, with a head
    /// timeout so long that a listener serving one connection at a time would wait on the first of them
    /// until the test gave up; connections are served concurrently, so the callback is taken at once.
    @Test func idleConnectionsDoNotHoldTheCallbackBack() async throws {
        try await withAuthBackend { bed in
            let presenter = LoopbackOAuthPresenter(timeout: .seconds(120), headTimeout: .seconds(600)) { page in
                let callback = try await ProviderPagePresenter.answer(page, email: "idle@example.com")
                let port = try #require(callback.port)
                var idle: [ServerTestClient] = []
                for _ in 0..<9 { idle.append(try await ServerTestClient.connect(port: port)) }
                #expect(try await ProviderPagePresenter.get(callback).status == 200)
                for connection in idle { await connection.close() }
            }
            let client = bed.oauthClient()
            let email = try await Self.signedInEmail(client, through: presenter)
            #expect(email == "idle@example.com")
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
