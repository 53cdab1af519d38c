import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// `/auth/passkey/*` and the association file, over real HTTP with sealed bodies.
@Suite struct AuthPasskeyTests {
    @Test func signUpCreatesAnAccountWithoutAPasswordAndLoginIsDiscoverable() async throws {
        try await withAuthEmulator { auth in
            let passkey = TestPasskey()
            let (challenge, options) = try await auth.passkeyChallenge("signup", email: "Dev@Example.com")
            #expect(options.status == 200)
            #expect(options.json["rp_id"].string == "127.0.0.1")
            let userID = try #require(options.json["user_id"].string)
            #expect(Base64URL.decode(challenge)?.count == 32)

            let key = DPoPKey()
            let signedUp = try IssuedSession(
                try await auth.post(
                    "/auth/passkey/verify", try passkey.answer("signup", challenge: challenge, count: 0), dpop: key))
            #expect(signedUp.userID == userID)
            #expect(signedUp.reply.json["user"]["email"].string == "dev@example.com")
            let user = try await auth.admin("GET", "users/\(userID)").json
            #expect(user["has_password"].bool == false)
            #expect(try await auth.sessions(of: userID).first?["dpop_jkt"].string == key.thumbprint)

            let (login, loginOptions) = try await auth.passkeyChallenge("login")
            #expect(loginOptions.json["user_id"].exists == false, "a discoverable sign-in names nobody")
            let body = try passkey.answer("login", challenge: login, count: 1)
            #expect(
                try IssuedSession(try await auth.post("/auth/passkey/verify", body, dpop: DPoPKey())).userID == userID)

            // The same answer again: the challenge is spent.
            expectAuthError(try await auth.post("/auth/passkey/verify", body, dpop: DPoPKey()), 401, "passkey_invalid")
            #expect(try await auth.sessions(of: userID).count == 2)
        }
    }

    /// One way to bend a sign-in answer, and the check that must refuse it.
    struct BadAnswer: Sendable, CustomTestStringConvertible {
        let name: String
        let count: UInt32
        let bend: TestPasskey.Bend
        var testDescription: String { name }
    }

    @Test(arguments: [
        BadAnswer(name: "create type on a sign-in", count: 1, bend: .init(type: "webauthn.create")),
        BadAnswer(name: "another challenge signed", count: 1, bend: .init(challenge: "c29tZXRoaW5nLWVsc2U")),
        BadAnswer(name: "another origin", count: 1, bend: .init(origin: "https://evil.example")),
        BadAnswer(name: "another rp_id hash", count: 1, bend: .init(rpID: "evil.example")),
        BadAnswer(name: "user not verified", count: 1, bend: .init(flags: 0x01)),
        BadAnswer(name: "signed by another key", count: 1, bend: .init(signer: P256PrivateKey())),
        BadAnswer(name: "no signature", count: 1, bend: .init(omitSignature: true)),
        BadAnswer(name: "sign count not above the stored one", count: 3, bend: .init()),
    ])
    func aBentSignInIsRefusedAndSpendsItsChallenge(_ bad: BadAnswer) async throws {
        try await withAuthEmulator { auth in
            let passkey = TestPasskey()
            let account = try await auth.signUp("bent@example.com", passkey: passkey)
            _ = try IssuedSession(try await auth.logIn(passkey: passkey, count: 3))  // stored count is now 3

            let (challenge, _) = try await auth.passkeyChallenge("login")
            let bent = try passkey.answer("login", challenge: challenge, count: bad.count, bend: bad.bend)
            expectAuthError(try await auth.post("/auth/passkey/verify", bent, dpop: DPoPKey()), 401, "passkey_invalid")
            let honest = try passkey.answer("login", challenge: challenge, count: 4)
            expectAuthError(
                try await auth.post("/auth/passkey/verify", honest, dpop: DPoPKey()), 401, "passkey_invalid")
            #expect(try await auth.sessions(of: account.userID).count == 2, "no session was minted")
        }
    }

    /// Two assertions with the same sign count, verified at the same moment, sign in once: the count
    /// is checked again in the statement that stores it. (Checked, then stored, both passed.)
    @Test func twoAssertionsWithOneCountAtOnceSignInOnce() async throws {
        try await withAuthEmulator { auth in
            let passkey = TestPasskey()
            _ = try await auth.signUp("twin@example.com", passkey: passkey)
            for round in 1...12 {
                let count = UInt32(round * 10)
                let (first, _) = try await auth.passkeyChallenge("login")
                let (second, _) = try await auth.passkeyChallenge("login")
                async let one = auth.post(
                    "/auth/passkey/verify", try passkey.answer("login", challenge: first, count: count), dpop: DPoPKey()
                )
                async let two = auth.post(
                    "/auth/passkey/verify", try passkey.answer("login", challenge: second, count: count),
                    dpop: DPoPKey())
                let replies = try await [one, two]
                #expect(replies.map(\.status).sorted() == [200, 401], "round \(round)")
            }
        }
    }

    @Test func aChallengeExpiresOnTheServiceClockAndServesOnlyItsPurpose() async throws {
        try await withAuthEmulator { auth in
            let passkey = TestPasskey()
            _ = try await auth.signUp("expiry@example.com", passkey: passkey)
            let (late, _) = try await auth.passkeyChallenge("login")
            try await auth.setClockOffset(301)
            let answer = try passkey.answer("login", challenge: late, count: 1)
            expectAuthError(
                try await auth.post("/auth/passkey/verify", answer, dpop: DPoPKey()), 401, "passkey_invalid")

            let (signupChallenge, _) = try await auth.passkeyChallenge("signup", email: "other@example.com")
            let misused = try passkey.answer("login", challenge: signupChallenge, count: 1)
            expectAuthError(
                try await auth.post("/auth/passkey/verify", misused, dpop: DPoPKey()), 401, "passkey_invalid")
            _ = try IssuedSession(try await auth.logIn(passkey: passkey, count: 1))
        }
    }

    @Test func optionsRefuseBadInput() async throws {
        try await withAuthEmulator { auth in
            expectAuthError(try await auth.passkeyChallenge("enroll").reply, 400, "bad_request")
            expectAuthError(
                try await auth.passkeyChallenge("signup", email: "not-an-email").reply, 400, "invalid_email")
            _ = try await auth.signUp("taken@example.com")
            expectAuthError(
                try await auth.passkeyChallenge("signup", email: "taken@example.com").reply, 409, "email_taken")
            expectAuthError(try await auth.passkeyChallenge("register").reply, 401, "invalid_token")
            expectAuthError(try await auth.passkeyChallenge("step_up").reply, 401, "invalid_token")

            let (challenge, _) = try await auth.passkeyChallenge("login")
            let unbound = try TestPasskey().answer("login", challenge: challenge, count: 1)
            expectAuthError(try await auth.post("/auth/passkey/verify", unbound), 401, "dpop_invalid")
        }
    }

    @Test func registeringNeedsARecentSessionAndStepUpMakesItRecentAgain() async throws {
        try await withAuthEmulator { auth in
            let account = try await auth.signUp("recent@example.com")
            let laptop = TestPasskey()
            let (challenge, options) = try await auth.passkeyChallenge("register", bearer: account.accessToken)
            #expect(options.json["user_id"].string == account.userID)
            let registered = try await auth.post(
                "/auth/passkey/verify", try laptop.answer("register", challenge: challenge, count: 0, name: "Laptop"),
                bearer: account.accessToken)
            #expect(registered.status == 204)

            try await auth.setClockOffset(301)
            let stale = try await auth.passkeyChallenge("register", bearer: account.accessToken).reply
            expectAuthError(stale, 403, "reauthentication_required")

            let (stepChallenge, _) = try await auth.passkeyChallenge("step_up", bearer: account.accessToken)
            let stepped = try IssuedSession(
                try await auth.post(
                    "/auth/passkey/verify", try laptop.answer("step_up", challenge: stepChallenge, count: 1),
                    bearer: account.accessToken))
            #expect(stepped.userID == account.userID)
            #expect(try await auth.sessions(of: account.userID).count == 1, "the same session, stepped up")
            let again = try await auth.passkeyChallenge("register", bearer: stepped.accessToken).reply
            #expect(again.status == 200)
            let reused = try await auth.refresh(account.refreshToken, key: DPoPKey())
            #expect(reused.status == 401, "the refresh token from before the step-up is spent")
        }
    }

    @Test func aStepUpWithAnotherAccountsPasskeyIsRefused() async throws {
        try await withAuthEmulator { auth in
            let victimKey = TestPasskey()
            _ = try await auth.signUp("victim@example.com", passkey: victimKey)
            let attacker = try await auth.signUp("attacker@example.com")
            let (challenge, _) = try await auth.passkeyChallenge("step_up", bearer: attacker.accessToken)
            let reply = try await auth.post(
                "/auth/passkey/verify", try victimKey.answer("step_up", challenge: challenge, count: 1),
                bearer: attacker.accessToken)
            expectAuthError(reply, 401, "passkey_invalid")
        }
    }

    @Test func aDeletedAccountsPasskeyAndAReusedCredentialIDAreRefused() async throws {
        try await withAuthEmulator { auth in
            let passkey = TestPasskey()
            let account = try await auth.signUp("gone@example.com", passkey: passkey)
            let (challenge, _) = try await auth.passkeyChallenge("register", bearer: account.accessToken)
            let again = try passkey.answer("register", challenge: challenge, count: 0, name: "copy")
            expectAuthError(
                try await auth.post("/auth/passkey/verify", again, bearer: account.accessToken), 401, "passkey_invalid")

            let deleted = try await auth.post("/auth/account/delete", bearer: account.accessToken)
            #expect(deleted.status == 202)
            expectAuthError(try await auth.logIn(passkey: passkey, count: 1), 401, "passkey_invalid")
        }
    }
}
