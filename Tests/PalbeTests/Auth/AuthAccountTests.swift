import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// The account: capability, the user, sign-out and deletion.
@Suite struct AuthAccountTests {
    // MARK: - capability()

    @Test(arguments: [
        (
            #"{"user":{"id":"u","email":null,"email_verified":false,"created_at":"x"},"has_password":true,"providers":["email"]}"#,
            AuthCapability(hasPassword: true, providers: ["email"])
        ),
        (
            #"{"user":{"id":"u","email":null,"email_verified":false,"created_at":"x"},"has_password":false,"providers":[]}"#,
            AuthCapability(hasPassword: false, providers: [])
        ),
        (
            #"{"user":{"id":"u","email":null,"email_verified":false,"created_at":"x"},"has_password":false,"providers":null}"#,
            AuthCapability(hasPassword: false, providers: nil)
        ),
        (
            #"{"user":{"id":"u","email":null,"email_verified":false,"created_at":"x"},"has_password":true}"#,
            AuthCapability(hasPassword: true, providers: nil)
        ),
    ])
    func capabilityKeepsNilApartFromEmpty(body: String, expected: AuthCapability) async throws {
        let transport = ScriptedTransport(.respond(body: body))
        let client = PalbeClient(
            configuration: PalbeConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!, apiKey: "k"),
            transport: transport, runtime: PalbeRuntime(traceHTTP: false, sessionStore: ScriptedSecureStore()))
        #expect(try await client.auth.capability() == expected)
        #expect(transport.requests.map(\.url.path) == ["/auth/me"])
    }

    @Test(arguments: [
        #"{"user":{"id":"u","email":null,"email_verified":false,"created_at":"x"},"providers":["email"]}"#,
        #"{"user":{"id":"u","email":null,"email_verified":false,"created_at":"x"},"has_password":null,"providers":[]}"#,
        #"{"user":{"id":"u","email":null,"email_verified":false,"created_at":"x"},"has_password":"yes","providers":[]}"#,
    ])
    func capabilityWithoutABooleanHasPasswordThrows(body: String) async throws {
        let client = PalbeClient(
            configuration: PalbeConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!, apiKey: "k"),
            transport: ScriptedTransport(.respond(body: body)),
            runtime: PalbeRuntime(traceHTTP: false, sessionStore: ScriptedSecureStore()))
        let error = await authError { () async throws(AuthError) in _ = try await client.auth.capability() }
        guard case .http(200, "decoding_error", let message, "req_canned") = error else {
            Issue.record("expected .http(200, decoding_error), got \(String(describing: error))")
            return
        }
        #expect(message.contains("has_password") || message.contains("hasPassword"), "\(message)")
    }

    @Test func capabilityReadsTheAccountsRealState() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signUp(email: "cap@example.com", password: "correct-horse")
            #expect(try await client.auth.capability() == AuthCapability(hasPassword: true, providers: ["email"]))

            // A phone user has no password and no email: branch on hasPassword, not on providers.
            try await client.auth.signInWithOTP(phone: "+15550001111")
            try await client.auth.verifyOTP(
                phone: "+15550001111", token: try bed.inbox(to: "+15550001111", kind: "otp")["code"]!)
            #expect(try await client.auth.capability() == AuthCapability(hasPassword: false, providers: ["phone"]))
        }
    }

    // MARK: - The user

    @Test func refreshUserFiresOnlyOnUserChange() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signUp(email: "fresh@example.com", password: "correct-horse")
            let states = Heard<AuthState>()
            let users = Heard<AuthUser?>()
            _ = await client.auth.onAuthStateChange(states.listener)
            _ = await client.auth.onUserChange(users.listener)
            let cached = try #require(await client.auth.currentUser)
            #expect(await users.wait(for: 1) == [cached])

            // Verified out of band (a browser), so the cache does not know yet.
            let other = bed.client(store: ScriptedSecureStore())
            try await other.auth.verifyEmail(
                token: try bed.inbox(to: "fresh@example.com", kind: "email_verification")["token"]!)
            #expect(await client.auth.currentUser?.emailVerified == false)
            #expect(try await client.auth.getUser().emailVerified, "getUser reads the server")
            #expect(await client.auth.currentUser?.emailVerified == false, "and leaves the cache alone")

            let fresh = try await client.auth.refreshUser()
            #expect(fresh.emailVerified)
            #expect(await client.auth.currentUser == fresh)
            #expect(await users.wait(for: 2) == [cached, fresh])
            #expect(states.values == [.signedIn(cached)], "no state change")
            #expect(try bed.persisted(client)?.session?.user == fresh, "the cache is persisted")
        }
    }

    // MARK: - signOut()

    @Test func signOutRevokesServerSideAndClearsLocally() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let user = try await client.auth.signUp(email: "out@example.com", password: "correct-horse").user
            let states = Heard<AuthState>()
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthStateChange(states.listener)
            _ = await client.auth.onAuthEvent(events.listener)

            try await client.auth.signOut()
            #expect(await client.auth.isSignedIn == false)
            #expect(await client.auth.currentUser == nil)
            #expect(try bed.persisted(client) == nil, "the unit is gone")
            #expect(await states.wait(for: 2) == [.signedIn(user), .signedOut])
            #expect(events.values == [.signedOut(reason: .userInitiated)])
            let sessions = try await bed.sessions(of: user.id)
            #expect(sessions.map { $0["revoked_reason"]?.stringValue } == ["logout"])
            #expect(try bed.requests(to: "/auth/logout").first?.bearer != nil)

            try await client.auth.signOut()
            #expect(try bed.requests(to: "/auth/logout").count == 1, "signed out already: nothing is sent")
            #expect(events.values.count == 1)
        }
    }

    @Test func signOutClearsLocallyEvenWhenTheServerCallFails() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let user = try await client.auth.signUp(email: "fail@example.com", password: "correct-horse").user
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthEvent(events.listener)
            try bed.emulator.addFault(.status(503, error: "unavailable"), method: "POST", pathPrefix: "/auth/logout")

            let error = await authError { () async throws(AuthError) in try await client.auth.signOut() }
            #expect(error?.statusCode == 503)
            #expect(await client.auth.isSignedIn == false)
            #expect(try bed.persisted(client) == nil)
            #expect(events.values == [.signedOut(reason: .userInitiated)])
            let sessions = try await bed.sessions(of: user.id)
            #expect(sessions.first?["revoked_at"] == .null, "the server never heard it")
        }
    }

    // MARK: - deleteAccount(password:)

    @Test func deleteAccountTearsDownLocallyWithoutSigningOut() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let user = try await client.auth.signUp(email: "gone@example.com", password: "correct-horse").user
            let states = Heard<AuthState>()
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthStateChange(states.listener)
            _ = await client.auth.onAuthEvent(events.listener)

            try await client.auth.deleteAccount(password: "correct-horse")
            #expect(try bed.requests(to: "/auth/account/delete").map(\.status) == [202])
            #expect(try bed.requests(to: "/auth/logout").isEmpty, "no sign-out call")
            #expect(await client.auth.isSignedIn == false)
            #expect(try bed.persisted(client) == nil)
            #expect(await states.wait(for: 2) == [.signedIn(user), .signedOut])
            #expect(events.values == [.signedOut(reason: .accountDeleted)])
            let account = try await bed.admin("GET", "users/\(user.id)").body
            #expect(account["deleted"] == true)
            #expect(
                try await bed.sessions(of: user.id).allSatisfy {
                    $0["revoked_reason"]?.stringValue == "account_deleted"
                })
        }
    }

    @Test func aFailedDeletionLeavesTheSessionAndKeepsTheWireCode() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let user = try await client.auth.signUp(email: "stay@example.com", password: "correct-horse").user
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthEvent(events.listener)
            let stored = try bed.persisted(client)

            let wrong = await authError { () async throws(AuthError) in
                try await client.auth.deleteAccount(password: "not-it")
            }
            #expect(wrong?.code == "reauth_required")
            #expect(wrong?.statusCode == 403)
            for (status, code) in [(501, "not_configured"), (503, "erasure_unavailable")] {
                try bed.emulator.addFault(
                    .status(status, error: code), method: "POST", pathPrefix: "/auth/account/delete", count: 1)
                let error = await authError { () async throws(AuthError) in
                    try await client.auth.deleteAccount(password: "correct-horse")
                }
                #expect(error?.code == code)
                #expect(error?.statusCode == status)
                if case .http = error {} else { Issue.record("\(code) is .http, got \(String(describing: error))") }
            }
            #expect(await client.auth.currentUser == user)
            #expect(try bed.persisted(client) == stored)
            #expect(events.values.isEmpty)
            #expect(try await client.auth.getUser().id == user.id, "the session still works")
        }
    }
}
