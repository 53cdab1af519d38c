import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// Email and password, anonymous sign-in and the errors they throw, against the emulator's auth service.
@Suite struct AuthSignInTests {
    @Test func signUpThenSignInMintSessionsForTheSameUser() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let states = Heard<AuthState>()
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthStateChange(states.listener)
            _ = await client.auth.onAuthEvent(events.listener)
            await states.wait(for: 1)

            let created = try await client.auth.signUp(email: "Dev@Example.com", password: "correct-horse")
            #expect(created.user.email == "dev@example.com")
            #expect(!created.user.emailVerified)
            #expect(created.user.createdAt.hasSuffix("Z"))
            #expect(await client.auth.currentUser == created.user)
            #expect(await client.auth.isSignedIn)

            let again = try await client.auth.signIn(email: "dev@example.com", password: "correct-horse")
            #expect(again.user.id == created.user.id)
            #expect(try bed.requests(to: "/auth/login").count == 1)

            #expect(await states.wait(for: 3) == [.signedOut, .signedIn(created.user), .signedIn(again.user)])
            #expect(events.values == [.signedIn(created.user), .signedIn(again.user)])
            // Two sessions on the server, the latest one in the store.
            #expect(try await bed.sessions(of: created.user.id).count == 2)
            #expect(try bed.persisted(client)?.session?.user == again.user)
        }
    }

    @Test func signInAnonymouslyMintsASessionForANewUserWithNoEmail() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let first = try await client.auth.signInAnonymously()
            let second = try await client.auth.signInAnonymously()
            #expect(first.user.email == nil)
            #expect(first.user.id != second.user.id)
            #expect(await client.auth.currentUser == second.user)
            let capability = try await client.auth.capability()
            #expect(capability == AuthCapability(hasPassword: false, providers: ["anonymous"]))
        }
    }

    @Test func wrongCredentialsAreInvalidCredentials() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signUp(email: "dev@example.com", password: "correct-horse")
            let wrongPassword = await authError { () async throws(AuthError) in
                try await client.auth.signIn(email: "dev@example.com", password: "battery-staple")
            }
            #expect(wrongPassword == .invalidCredentials(message: "Invalid email or password"))
            let unknownEmail = await authError { () async throws(AuthError) in
                try await client.auth.signIn(email: "nobody@example.com", password: "correct-horse")
            }
            #expect(unknownEmail == .invalidCredentials(message: "Invalid email or password"))
            // A failed sign-in leaves the session it found.
            #expect(await client.auth.currentUser?.email == "dev@example.com")
        }
    }

    @Test func signUpErrorsKeepTheServerCode() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signUp(email: "dev@example.com", password: "correct-horse")
            let cases: [(email: String, password: String, status: Int, code: String)] = [
                ("dev@example.com", "correct-horse", 409, "email_taken"),
                ("short@example.com", "short", 400, "password_too_short"),
                ("long@example.com", String(repeating: "x", count: 65), 400, "password_too_long"),
                ("breached@example.com", "password123", 400, "password_breached"),
            ]
            for (email, password, status, code) in cases {
                let error = await authError { () async throws(AuthError) in
                    try await client.auth.signUp(email: email, password: password)
                }
                guard case .http(let actualStatus, let actualCode, let message, let requestId) = error else {
                    Issue.record("\(code): expected .http, got \(String(describing: error))")
                    continue
                }
                #expect(actualStatus == status)
                #expect(actualCode == code)
                #expect(!message.isEmpty)
                #expect(requestId?.hasPrefix("req_") == true)
            }
        }
    }

    @Test func anEnvironmentThatRequiresAConfirmedEmailRefusesTheSignIn() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signUp(email: "dev@example.com", password: "correct-horse")
            let settings = try await bed.admin("GET", "settings").body
            var document = try #require(settings.objectValue)
            document["confirm_email_required"] = true
            #expect(try await bed.admin("PUT", "settings", .object(document)).status == 200)
            let error = await authError { () async throws(AuthError) in
                try await client.auth.signIn(email: "dev@example.com", password: "correct-horse")
            }
            #expect(error?.code == "email_not_confirmed")
            #expect(error?.statusCode == 403)
        }
    }

    @Test func anUnusableConfigurationSendsNothing() async throws {
        try await withAuthBackend { bed in
            var configuration = bed.configuration()
            configuration.apiKey = "  "
            let client = bed.client(configuration)
            let error = await authError { () async throws(AuthError) in
                try await client.auth.signIn(email: "dev@example.com", password: "correct-horse")
            }
            #expect(error == .notConfigured)
            let sent = try bed.requests(to: "/auth")
            #expect(sent.isEmpty)
        }
    }

    @Test func aSealingKeyThatCannotBeFetchedIsNetworkAndNothingIsSent() async throws {
        try await withAuthBackend { bed in
            try bed.emulator.addFault(
                .status(503, error: "unavailable"), method: "GET", pathPrefix: "/.well-known/palbase-sealing-key")
            let client = bed.client(bed.configuration(pinSealingKey: false))
            let error = await authError { () async throws(AuthError) in
                try await client.auth.signIn(email: "dev@example.com", password: "correct-horse")
            }
            guard case .network(let message) = error else {
                Issue.record("expected .network, got \(String(describing: error))")
                return
            }
            #expect(message.contains("must be sealed and cannot be"))
            #expect(message.hasSuffix("nothing was sent"))
            #expect(try bed.requests(to: "/auth").isEmpty, "no plaintext body on the wire")
        }
    }

    @Test func noResponseIsNetwork() async throws {
        try await withAuthBackend { bed in
            try bed.emulator.addFault(.dropBeforeExecuting, method: "POST", pathPrefix: "/auth/login")
            let client = bed.client()
            let error = await authError { () async throws(AuthError) in
                try await client.auth.signIn(email: "dev@example.com", password: "correct-horse")
            }
            #expect(error?.caseName == "network", "\(String(describing: error))")
            #expect(await client.auth.isSignedIn == false)
        }
    }
}
