import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// `/auth/oauth/authorize`, the simulated provider page and `/auth/oauth/credential`, over real HTTP.
@Suite struct AuthOAuthTests {
    @Test func aCodeFromTheProviderPageSignsInOnceAndOnlyWithItsVerifier() async throws {
        try await withAuthEmulator { auth in
            let flow = try await auth.beginOAuth("google")
            #expect(flow.authorizeURL.hasPrefix(auth.http.baseURL.absoluteString + "/auth/oauth/provider/google?"))
            let form = try await auth.page(flow.authorizeURL)
            #expect(form.status == 200)
            #expect(form.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(String(decoding: form.body, as: UTF8.self).contains("decision"))

            let callback = try await auth.decide(flow, "approve", email: "Ada@Example.com")
            #expect(callback.path == "/callback")
            #expect(callback.query("state") == flow.state)
            let code = try #require(callback.query("code"))

            let wrong = try await auth.post(
                "/auth/oauth/credential",
                [
                    "transaction_id": .string(flow.id), "code": .string(code),
                    "code_verifier": .string("x" + flow.verifier),
                ])
            expectAuthError(wrong, 401, "pkce_mismatch")
            // The mismatch burned the code: the right verifier cannot use it afterwards.
            let after = try await auth.exchange(flow, code: code)
            expectAuthError(after, 401, "oauth_code_invalid")

            let second = try await auth.beginOAuth("google")
            let secondCode = try #require(
                try await auth.decide(second, "approve", email: "ada@example.com").query("code"))
            let session = try IssuedSession(try await auth.exchange(second, code: secondCode))
            #expect(session.reply.json["user"]["email"].string == "ada@example.com")
            #expect(session.reply.json["user"]["email_verified"].bool == true)
            expectAuthError(try await auth.exchange(second, code: secondCode), 401, "oauth_code_invalid")
            let me = try await auth.get("/auth/me", bearer: session.accessToken)
            #expect(me.json["providers"].strings == ["email", "google"])
        }
    }

    /// Two exchanges of one code at the same moment mint one session: the code is checked and spent
    /// in one statement. (Checked and marked in two, both exchanges read "approved" and both won.)
    @Test func aCodeExchangedTwiceAtOnceMintsOneSession() async throws {
        try await withAuthEmulator { auth in
            for round in 0..<12 {
                let flow = try await auth.beginOAuth("google")
                let callback = try await auth.decide(flow, "approve", email: "race\(round)@example.com")
                let code = try #require(callback.query("code"))
                async let first = auth.exchange(flow, code: code)
                async let second = auth.exchange(flow, code: code)
                let replies = try await [first, second]
                #expect(replies.map(\.status).sorted() == [200, 401], "round \(round)")
                #expect(replies.contains { $0.code == "oauth_code_invalid" }, "round \(round)")
            }
        }
    }

    @Test func theSameProviderAccountSignsIntoTheSameUserEachTime() async throws {
        try await withAuthEmulator { auth in
            var users: [String] = []
            for _ in 0..<2 {
                let flow = try await auth.beginOAuth("github")
                let code = try #require(try await auth.decide(flow, "approve", email: "gh@example.com").query("code"))
                users.append(try IssuedSession(try await auth.exchange(flow, code: code)).userID)
            }
            #expect(users[0] == users[1])
        }
    }

    @Test func aDeniedProviderPageIsCancelledAndEndsTheTransaction() async throws {
        try await withAuthEmulator { auth in
            let flow = try await auth.beginOAuth("apple")
            let callback = try await auth.decide(flow, "deny")
            #expect(callback.query("error") == "access_denied")
            #expect(callback.query("state") == flow.state)
            #expect(callback.query("code") == nil)
            let reply = try await auth.exchange(flow, code: nil)
            expectAuthError(reply, 400, "oauth_cancelled")
            #expect(reply.json["error_description"].string == "User canceled Apple sign-in")
            expectAuthError(try await auth.exchange(flow, code: nil), 401, "oauth_code_invalid")
            // One decision per transaction: the page refuses a second.
            #expect(try await auth.page(flow.authorizeURL).status == 400)
        }
    }

    @Test func authorizeRefusesWhatItCannotSimulate() async throws {
        try await withAuthEmulator { auth in
            expectAuthError(try await auth.beginOAuthReply(provider: "facebook"), 400, "provider_not_configured")
            expectAuthError(try await auth.beginOAuthReply(method: "plain"), 400, "bad_request")
            expectAuthError(try await auth.beginOAuthReply(challenge: "short"), 400, "bad_request")
            expectAuthError(try await auth.beginOAuthReply(redirect: "http://evil.example/cb"), 400, "bad_request")
            // Schemes that run or read something in the browser belong to no app.
            for redirect in [
                "javascript:alert(1)", "data:text/html,x", "vbscript:x", "file:///etc/passwd", "about:blank",
            ] {
                expectAuthError(try await auth.beginOAuthReply(redirect: redirect), 400, "bad_request")
            }
            expectAuthError(try await auth.beginOAuthReply(link: true), 401, "invalid_token")
            let unknown = try await auth.exchange(
                OAuthFlow(id: "oat_nope", state: "s", verifier: "v", authorizeURL: ""), code: "oac_x")
            expectAuthError(unknown, 400, "oauth_transaction_invalid")
            #expect(try await auth.page("/auth/oauth/provider/google?transaction_id=oat_nope").status == 400)
            #expect(try await auth.page("/auth/oauth/provider/myspace?transaction_id=x").status == 404)
        }
    }

    @Test func emailMatchingNeverLinksAnAccount() async throws {
        try await withAuthEmulator { auth in
            let owner = try await auth.signUp("owner@example.com")
            let flow = try await auth.beginOAuth("google")
            let code = try #require(try await auth.decide(flow, "approve", email: "owner@example.com").query("code"))
            expectAuthError(try await auth.exchange(flow, code: code), 409, "email_taken")
            let me = try await auth.get("/auth/me", bearer: owner.accessToken)
            #expect(me.json["providers"].strings == ["email"])
        }
    }

    @Test func linkingNeedsARecentSessionAndThenSignsInAsTheOwner() async throws {
        try await withAuthEmulator { auth in
            let owner = try await auth.signUp("linker@example.com")
            let flow = try await auth.beginOAuth("google", link: true, bearer: owner.accessToken)
            let code = try #require(
                try await auth.decide(flow, "approve", email: "linker@example.com", subject: "g-42").query("code"))
            let linked = try await auth.exchange(flow, code: code)
            #expect(linked.status == 200)
            #expect(linked.json["linked"]["identity"].string == "google")
            #expect(linked.json["linked"]["user_id"].string == owner.userID)
            #expect(linked.json["access_token"].string == nil)

            let signIn = try await auth.beginOAuth("google")
            let signInCode = try #require(
                try await auth.decide(signIn, "approve", email: "linker@example.com", subject: "g-42").query("code"))
            #expect(try IssuedSession(try await auth.exchange(signIn, code: signInCode)).userID == owner.userID)

            try await auth.setClockOffset(301)
            expectAuthError(
                try await auth.beginOAuthReply(link: true, bearer: owner.accessToken), 403, "reauthentication_required")
        }
    }

    @Test func anAccountWithASecondFactorGetsAChallengeNotASession() async throws {
        try await withAuthEmulator { auth in
            let first = try await auth.beginOAuth("microsoft")
            let code = try #require(try await auth.decide(first, "approve", email: "mfa@example.com").query("code"))
            let user = try IssuedSession(try await auth.exchange(first, code: code)).userID
            #expect(try await auth.admin("PUT", "users/\(user)/mfa", ["factors": ["totp"]]).status == 200)
            let before = try await auth.sessions(of: user).count

            let second = try await auth.beginOAuth("microsoft")
            let again = try #require(try await auth.decide(second, "approve", email: "mfa@example.com").query("code"))
            let reply = try await auth.exchange(second, code: again)
            #expect(reply.status == 200)
            #expect(reply.json["mfa_required"].bool == true)
            #expect(reply.json["mfa_token"].string?.hasPrefix("mfa_") == true)
            #expect(reply.json["factors"].strings == ["totp"])
            #expect(reply.json["access_token"].string == nil)
            #expect(try await auth.sessions(of: user).count == before)
        }
    }
}
