import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

@Suite struct AuthSessionTests {
    @Test func anonymousSessionHasNoIdentityAndMeDescribesIt() async throws {
        try await withAuthEmulator { auth in
            let session = try IssuedSession(try await auth.post("/auth/anonymous"))
            let user = session.reply.json["user"]
            #expect(user["email"].isNull && user["phone"].isNull)
            #expect(user["email_verified"].bool == false)

            let me = try await auth.get("/auth/me", bearer: session.accessToken)
            #expect(me.status == 200)
            #expect(Set(me.json.members.keys) == ["user", "has_password", "providers"])
            #expect(me.json["user"]["id"].string == session.userID)
            #expect(me.json["has_password"].bool == false)
            #expect(me.json["providers"].strings == ["anonymous"])
        }
    }

    @Test func meNeedsAKnownBearerToken() async throws {
        try await withAuthEmulator { auth in
            let signedUp = try await auth.signUp("dev@example.com")
            let me = try await auth.get("/auth/me", bearer: signedUp.accessToken)
            #expect(me.json["has_password"].bool == true)
            #expect(me.json["providers"].strings == ["email"])
            expectAuthError(try await auth.get("/auth/me"), 401, "invalid_token")
            expectAuthError(try await auth.get("/auth/me", bearer: "pat_forged"), 401, "invalid_token")
            // The refresh token is not an access token.
            expectAuthError(try await auth.get("/auth/me", bearer: signedUp.refreshToken), 401, "invalid_token")
        }
    }

    @Test func refreshRotatesAndReusingAnOldRefreshTokenRevokesTheWholeFamily() async throws {
        try await withAuthEmulator(clock: ManualClock()) { auth in
            let key = DPoPKey()
            let first = try await auth.signUp("dev@example.com", key: key)
            let second = try IssuedSession(try await auth.refresh(first.refreshToken, key: key))
            #expect(second.refreshToken != first.refreshToken)
            #expect(second.accessToken != first.accessToken)
            #expect(second.userID == first.userID)
            #expect(try await auth.get("/auth/me", bearer: second.accessToken).status == 200)
            // One family: rotation keeps the session.
            #expect(try await auth.sessions(of: first.userID).count == 1)

            // Within the grace window the retired token fetches the same pair once (a client killed before
            // it stored the answer); a second time it is reuse.
            let replayed = try IssuedSession(try await auth.refresh(first.refreshToken, key: key))
            #expect(replayed.accessToken == second.accessToken && replayed.refreshToken == second.refreshToken)
            let reused = try await auth.refresh(first.refreshToken, key: key)
            expectAuthError(reused, 401, "refresh_token_reused")
            #expect(reused.wasSealed)

            // Every token of the family is dead now: the current refresh token and both access tokens.
            expectAuthError(try await auth.refresh(second.refreshToken, key: key), 401, "session_revoked")
            expectAuthError(try await auth.get("/auth/me", bearer: second.accessToken), 401, "session_revoked")
            expectAuthError(try await auth.get("/auth/me", bearer: first.accessToken), 401, "session_revoked")
            let sessions = try await auth.sessions(of: first.userID)
            #expect(sessions.map { $0["revoked_reason"].string } == ["refresh_token_reused"])

            // Another session of the same user is untouched.
            let other = try IssuedSession(try await auth.logIn("dev@example.com"))
            #expect(try await auth.get("/auth/me", bearer: other.accessToken).status == 200)
            expectAuthError(try await auth.refresh("prt_unknown", key: key), 401, "refresh_token_invalid")
        }
    }

    /// The grace window (10 s after a rotation, once) never revives a pair that moved on: after it, or once
    /// the new refresh token was itself used, the retired token is reuse and revokes the family.
    @Test func theRetiredTokensGraceEndsWithTheWindowOrWithTheNextRotation() async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            let first = try await auth.signUp("late@example.com", key: key)
            _ = try IssuedSession(try await auth.refresh(first.refreshToken, key: key))
            try await auth.setClockOffset(11)
            expectAuthError(try await auth.refresh(first.refreshToken, key: key), 401, "refresh_token_reused")
            #expect(
                try await auth.sessions(of: first.userID).map { $0["revoked_reason"].string } == [
                    "refresh_token_reused"
                ])
        }
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            let first = try await auth.signUp("moved@example.com", key: key)
            let second = try IssuedSession(try await auth.refresh(first.refreshToken, key: key))
            _ = try IssuedSession(try await auth.refresh(second.refreshToken, key: key))
            expectAuthError(try await auth.refresh(first.refreshToken, key: key), 401, "refresh_token_reused")
        }
        try await withAuthEmulator(clock: ManualClock()) { auth in
            // Another key cannot use the grace either: the proof must match the session's key.
            let key = DPoPKey()
            let first = try await auth.signUp("thief@example.com", key: key)
            _ = try IssuedSession(try await auth.refresh(first.refreshToken, key: key))
            expectAuthError(try await auth.refresh(first.refreshToken, key: DPoPKey()), 401, "dpop_key_mismatch")
        }
    }

    @Test func logOutRevokesTheCallersSessionOnly() async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            let phone = try await auth.signUp("dev@example.com", key: key)
            let laptop = try IssuedSession(try await auth.logIn("dev@example.com"))
            let reply = try await auth.post("/auth/logout", bearer: phone.accessToken)
            #expect(reply.status == 204)
            #expect(reply.body.isEmpty)
            expectAuthError(try await auth.get("/auth/me", bearer: phone.accessToken), 401, "session_revoked")
            expectAuthError(try await auth.refresh(phone.refreshToken, key: key), 401, "session_revoked")
            #expect(try await auth.get("/auth/me", bearer: laptop.accessToken).status == 200)
            // Signing out twice is harmless; an unknown token is not.
            #expect(try await auth.post("/auth/logout", bearer: phone.accessToken).status == 204)
            expectAuthError(try await auth.post("/auth/logout", bearer: "pat_forged"), 401, "invalid_token")
        }
    }

    @Test func accessTokensExpireAfterAnHourOnTheServicesClockAndRefreshRenewsThem() async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            let session = try await auth.signUp("dev@example.com", key: key)
            // 200 s short of the hour: the test's own run time under load stays inside it.
            try await auth.setClockOffset(3400)
            #expect(try await auth.get("/auth/me", bearer: session.accessToken).status == 200)
            try await auth.setClockOffset(3601)
            expectAuthError(try await auth.get("/auth/me", bearer: session.accessToken), 401, "token_expired")
            // The proof's iat is the device's real time: the offset moves expiry, not the DPoP window.
            let renewed = try IssuedSession(try await auth.refresh(session.refreshToken, key: key))
            #expect(try await auth.get("/auth/me", bearer: renewed.accessToken).status == 200)
            let expiresAt = try #require(renewed.reply.json["expires_at"].int)
            #expect(Double(expiresAt) > Date().timeIntervalSince1970 + 3600 + 3500)
        }
    }

    @Test func deletingAPasswordAccountNeedsItsPasswordAnswers202AndRevokesEverySession() async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            let phone = try await auth.signUp("dev@example.com", key: key)
            let laptopKey = DPoPKey()
            let laptop = try IssuedSession(try await auth.logIn("dev@example.com", key: laptopKey))

            let missing = try await auth.post("/auth/account/delete", bearer: phone.accessToken)
            expectAuthError(missing, 403, "reauth_required")
            let wrong = try await auth.post(
                "/auth/account/delete", ["password": "correct-horsf"], bearer: phone.accessToken)
            expectAuthError(wrong, 403, "reauth_required")
            #expect(try await auth.get("/auth/me", bearer: phone.accessToken).status == 200)

            let deleted = try await auth.post(
                "/auth/account/delete", ["password": "correct-horse"], bearer: phone.accessToken)
            #expect(deleted.status == 202)
            for token in [phone.accessToken, laptop.accessToken] {
                expectAuthError(try await auth.get("/auth/me", bearer: token), 401, "session_revoked")
            }
            expectAuthError(try await auth.refresh(laptop.refreshToken, key: laptopKey), 401, "session_revoked")
            let sessions = try await auth.sessions(of: phone.userID)
            #expect(sessions.count == 2)
            #expect(sessions.allSatisfy { $0["revoked_reason"].string == "account_deleted" })
            let user = try await auth.admin("GET", "users/\(phone.userID)").json
            #expect(user["deleted"].bool == true && user["email"].isNull && user["has_password"].bool == false)

            expectAuthError(try await auth.logIn("dev@example.com"), 401, "invalid_credentials")
            let again = try await auth.signUp("dev@example.com")
            #expect(again.userID != phone.userID)
        }
    }

    @Test func deletingAPasswordlessAccountNeedsARecentSignIn() async throws {
        try await withAuthEmulator { auth in
            let session = try IssuedSession(try await auth.post("/auth/anonymous"))
            try await auth.setClockOffset(301)
            let stale = try await auth.post("/auth/account/delete", bearer: session.accessToken)
            expectAuthError(stale, 403, "reauth_required")
            // 100 s inside the window, whatever the test's own run time under load.
            try await auth.setClockOffset(200)
            #expect(try await auth.post("/auth/account/delete", bearer: session.accessToken).status == 202)
            expectAuthError(try await auth.get("/auth/me", bearer: session.accessToken), 401, "session_revoked")
        }
    }

    @Test func adminRevokesAUsersSessionsAndFencesTheAccount() async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            let phone = try await auth.signUp("dev@example.com", key: key)
            let laptop = try IssuedSession(try await auth.logIn("dev@example.com"))
            let other = try await auth.signUp("other@example.com")

            let fenced = try await auth.admin("POST", "users/\(other.userID)/fence")
            #expect(fenced.status == 204)
            expectAuthError(try await auth.get("/auth/me", bearer: other.accessToken), 403, "subject_fenced")
            #expect(try await auth.admin("DELETE", "users/\(other.userID)/fence").status == 204)
            #expect(try await auth.get("/auth/me", bearer: other.accessToken).status == 200)

            let revoked = try await auth.admin("DELETE", "users/\(phone.userID)/sessions")
            #expect(revoked.json["revoked"].int == 2)
            for token in [phone.accessToken, laptop.accessToken] {
                expectAuthError(try await auth.get("/auth/me", bearer: token), 401, "session_revoked")
            }
            expectAuthError(try await auth.refresh(phone.refreshToken, key: key), 401, "session_revoked")
            #expect(try await auth.get("/auth/me", bearer: other.accessToken).status == 200)
            #expect(try await auth.admin("DELETE", "users/\(phone.userID)/sessions").json["revoked"].int == 0)
        }
    }

    @Test func routesOutsidePartOneAndWrongMethodsAreRefused() async throws {
        try await withAuthEmulator { auth in
            let wrongMethod = try await auth.get("/auth/login")
            expectAuthError(wrongMethod, 405, "method_not_allowed")
            #expect(wrongMethod.header("Allow") == "POST")
            expectAuthError(try await auth.post("/auth/me"), 405, "method_not_allowed")
            expectAuthError(try await auth.get("/auth/oauth/authorize"), 405, "method_not_allowed")
            for path in ["/auth/oauth/token", "/auth/passkey/nothing", "/auth/nothing"] {
                expectAuthError(try await auth.post(path, ["provider": "google"]), 404, "not_found")
            }
        }
    }
}
