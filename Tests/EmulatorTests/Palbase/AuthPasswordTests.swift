import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

@Suite struct AuthPasswordTests {
    @Test func resetAnswers204ForAnyAddressAndEmailsOnlyRealAccounts() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.signUp("dev@example.com")
            #expect(try await auth.post("/auth/password/reset", ["email": "nobody@example.com"]).status == 204)
            #expect(try auth.inboxCount(to: "nobody@example.com") == 0)
            #expect(try await auth.post("/auth/password/reset", ["email": "dev@example.com"]).status == 204)
            let mail = try await auth.inbox(to: "dev@example.com", kind: "password_reset")
            #expect(mail["token"]?.isEmpty == false)
        }
    }

    @Test func confirmingAResetSetsTheNewPasswordAndSignsEveryDeviceOut() async throws {
        try await withAuthEmulator { auth in
            let session = try await auth.signUp("dev@example.com")
            _ = try await auth.post("/auth/password/reset", ["email": "dev@example.com"])
            let token = try #require(try await auth.inbox(to: "dev@example.com", kind: "password_reset")["token"])

            expectAuthError(
                try await auth.post(
                    "/auth/password/reset/confirm", ["token": "forged", "new_password": "new-password-1"]),
                401, "token_invalid")
            // A refused password does not spend the token.
            expectAuthError(
                try await auth.post(
                    "/auth/password/reset/confirm", ["token": .string(token), "new_password": "short"]),
                400, "password_too_short")
            let confirmed = try await auth.post(
                "/auth/password/reset/confirm", ["token": .string(token), "new_password": "new-password-1"])
            #expect(confirmed.status == 204)

            expectAuthError(try await auth.get("/auth/me", bearer: session.accessToken), 401, "session_revoked")
            expectAuthError(try await auth.logIn("dev@example.com"), 401, "invalid_credentials")
            #expect(try await auth.logIn("dev@example.com", "new-password-1").status == 200)
            expectAuthError(
                try await auth.post(
                    "/auth/password/reset/confirm", ["token": .string(token), "new_password": "new-password-2"]), 401,
                "token_invalid")
        }
    }

    @Test func aResetTokenExpiresAfterAnHour() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.signUp("dev@example.com")
            _ = try await auth.post("/auth/password/reset", ["email": "dev@example.com"])
            let token = try #require(try await auth.inbox(to: "dev@example.com", kind: "password_reset")["token"])
            try await auth.setClockOffset(3601)
            expectAuthError(
                try await auth.post(
                    "/auth/password/reset/confirm", ["token": .string(token), "new_password": "new-password-1"]), 401,
                "token_invalid")
        }
    }

    @Test func updatingAPasswordNeedsTheCurrentOneAndKeepsTheSession() async throws {
        try await withAuthEmulator { auth in
            let session = try await auth.signUp("dev@example.com")
            let wrong = try await auth.post(
                "/auth/password/update", ["current_password": "nope-nope", "new_password": "new-password-1"],
                bearer: session.accessToken)
            expectAuthError(wrong, 401, "invalid_credentials")
            expectAuthError(
                try await auth.post(
                    "/auth/password/update", ["current_password": "correct-horse", "new_password": "password123"],
                    bearer: session.accessToken), 400, "password_breached")
            let updated = try await auth.post(
                "/auth/password/update", ["current_password": "correct-horse", "new_password": "new-password-1"],
                bearer: session.accessToken)
            #expect(updated.status == 204)
            #expect(try await auth.get("/auth/me", bearer: session.accessToken).status == 200)
            #expect(try await auth.logIn("dev@example.com", "new-password-1").status == 200)
            expectAuthError(try await auth.logIn("dev@example.com"), 401, "invalid_credentials")
            expectAuthError(
                try await auth.post(
                    "/auth/password/update", ["current_password": "new-password-1", "new_password": "x-password-2"]),
                401, "invalid_token")
        }
    }

    /// Ten wrong passwords for an address within fifteen minutes, and every login to it is refused with
    /// 429 `rate_limited` and `Retry-After`, the right password included, until the window moves on; an
    /// unknown address is throttled the same way, so the answer says nothing about accounts. (150 wrong
    /// passwords went through at 26 a second, then the right one worked.)
    @Test func passwordGuessesAreThrottled() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.signUp("guessed@example.com")
            for address in ["guessed@example.com", "nobody@example.com"] {
                for _ in 0..<10 {
                    expectAuthError(try await auth.logIn(address, "wrong-horse"), 401, "invalid_credentials")
                }
                let refused = try await auth.logIn(address)
                expectAuthError(refused, 429, "rate_limited")
                #expect(Int(refused.header("Retry-After") ?? "") ?? 0 > 0)
            }
            try await auth.setClockOffset(901)
            #expect(try await auth.logIn("guessed@example.com").status == 200)
        }
    }

    /// `current_password` is throttled per account like a login.
    @Test func currentPasswordGuessesAreThrottled() async throws {
        try await withAuthEmulator { auth in
            let session = try await auth.signUp("current@example.com")
            for _ in 0..<10 {
                let wrong = try await auth.post(
                    "/auth/password/update", ["current_password": "wrong-horse", "new_password": "new-password-1"],
                    bearer: session.accessToken)
                expectAuthError(wrong, 401, "invalid_credentials")
            }
            let refused = try await auth.post(
                "/auth/password/update", ["current_password": "correct-horse", "new_password": "new-password-1"],
                bearer: session.accessToken)
            expectAuthError(refused, 429, "rate_limited")
        }
    }

    /// A password change signs out every other session, as a reset signs out all of them: whoever knew
    /// the old password loses what it opened. (Other sessions used to stay alive.)
    @Test func changingThePasswordRevokesEveryOtherSession() async throws {
        try await withAuthEmulator { auth in
            let session = try await auth.signUp("other@example.com")
            let elsewhere = try IssuedSession(try await auth.logIn("other@example.com"))
            #expect(try await auth.get("/auth/me", bearer: elsewhere.accessToken).status == 200)
            let updated = try await auth.post(
                "/auth/password/update", ["current_password": "correct-horse", "new_password": "new-password-1"],
                bearer: session.accessToken)
            #expect(updated.status == 204)
            #expect(try await auth.get("/auth/me", bearer: session.accessToken).status == 200, "the caller's stays")
            expectAuthError(try await auth.get("/auth/me", bearer: elsewhere.accessToken), 401, "session_revoked")
        }
    }

    @Test func aPasswordlessAccountSetsItsFirstPasswordOnARecentSessionOnly() async throws {
        try await withAuthEmulator { auth in
            let stale = try IssuedSession(try await auth.post("/auth/anonymous"))
            let fresh = try IssuedSession(try await auth.post("/auth/anonymous"))
            try await auth.setClockOffset(301)
            expectAuthError(
                try await auth.post("/auth/password/set", ["password": "first-password"], bearer: stale.accessToken),
                403,
                "reauthentication_required")
            try await auth.setClockOffset(0)
            expectAuthError(
                try await auth.post("/auth/password/set", ["password": "short"], bearer: fresh.accessToken), 400,
                "password_too_short")
            let set = try await auth.post(
                "/auth/password/set", ["password": "first-password"], bearer: fresh.accessToken)
            #expect(set.status == 204)
            #expect(try await auth.get("/auth/me", bearer: fresh.accessToken).json["has_password"].bool == true)
            expectAuthError(
                try await auth.post("/auth/password/set", ["password": "second-password"], bearer: fresh.accessToken),
                409, "password_already_set")
        }
    }

    @Test func anAccountWithAPasswordCannotSetOne() async throws {
        try await withAuthEmulator { auth in
            let session = try await auth.signUp("dev@example.com")
            expectAuthError(
                try await auth.post("/auth/password/set", ["password": "other-password"], bearer: session.accessToken),
                409, "password_already_set")
        }
    }

    @Test func sealedBodiesKeepPasswordsOutOfTheRequestLog() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.signUp("dev@example.com", "log-canary-password")
            let logged = try auth.server.onlyRequest(to: "/auth/signup")
            #expect(logged.header("X-Palbase-Sealed") == "v1")
            #expect(logged.header("DPoP") != nil)
            #expect(!String(decoding: logged.body, as: UTF8.self).contains("log-canary-password"))
            #expect(logged.status == 200)
        }
    }
}
