import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import Testing

/// The password lifecycle and email verification against the emulator.
@Suite struct AuthPasswordTests {
    @Test func resetAndConfirmSignNobodyIn() async throws {
        try await withAuthBackend { bed in
            let owner = bed.client()
            try await owner.auth.signUp(email: "reset@example.com", password: "correct-horse")

            let other = bed.client(store: ScriptedSecureStore())
            try await other.auth.resetPassword(email: "reset@example.com")
            try await other.auth.resetPassword(email: "nobody@example.com")  // same answer, nothing sent
            let token = try bed.inbox(to: "reset@example.com", kind: "password_reset")["token"]!
            try await other.auth.confirmPasswordReset(token: token, newPassword: "battery-staple")
            #expect(await other.auth.isSignedIn == false)

            let reused = await authError { () async throws(AuthError) in
                try await other.auth.confirmPasswordReset(token: token, newPassword: "battery-staple-2")
            }
            #expect(reused?.code == "token_invalid")
            let fresh = try await other.auth.signIn(email: "reset@example.com", password: "battery-staple")
            #expect(fresh.user.email == "reset@example.com")
            #expect(try bed.emulator.inbox.messages(to: "nobody@example.com").isEmpty)
        }
    }

    @Test func updatePasswordKeepsTheSessionAndAWrongCurrentPasswordIsInvalidCredentials() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signUp(email: "update@example.com", password: "correct-horse")
            let before = try #require(try bed.persisted(client)?.session)

            let wrong = await authError { () async throws(AuthError) in
                try await client.auth.updatePassword(currentPassword: "not-it", newPassword: "battery-staple")
            }
            #expect(wrong == .invalidCredentials(message: "Invalid email or password"))
            #expect(try bed.requests(to: "/auth/token/refresh").isEmpty, "a wrong password is not a stale token")

            try await client.auth.updatePassword(currentPassword: "correct-horse", newPassword: "battery-staple")
            #expect(try bed.persisted(client)?.session == before, "the session stays as it was")
            _ = try await client.auth.getUser()
            try await client.auth.signIn(email: "update@example.com", password: "battery-staple")

            let tooShort = await authError { () async throws(AuthError) in
                try await client.auth.updatePassword(currentPassword: "battery-staple", newPassword: "short")
            }
            #expect(tooShort?.code == "password_too_short")
        }
    }

    @Test func setPasswordNeedsARecentSessionAndNoPassword() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signInWithMagicLink(email: "set@example.com")
            _ = try await client.auth.verifyMagicLink(
                token: try bed.inbox(to: "set@example.com", kind: "magic_link")["token"]!)
            #expect(try await client.auth.capability().hasPassword == false)

            try await bed.setClockOffset(301)  // the sign-in is no longer recent
            let stale = await authError { () async throws(AuthError) in
                try await client.auth.setPassword("a-strong-new-password")
            }
            guard case .http(403, "reauthentication_required", _, _) = stale else {
                Issue.record("expected 403 reauthentication_required, got \(String(describing: stale))")
                return
            }

            try await bed.setClockOffset(0)
            let breached = await authError { () async throws(AuthError) in
                try await client.auth.setPassword("password123")
            }
            #expect(breached?.code == "password_breached")
            try await client.auth.setPassword("a-strong-new-password")
            #expect(try await client.auth.capability().hasPassword)

            let again = await authError { () async throws(AuthError) in
                try await client.auth.setPassword("another-password")
            }
            guard case .http(409, "password_already_set", _, _) = again else {
                Issue.record("expected 409 password_already_set, got \(String(describing: again))")
                return
            }
        }
    }

    @Test func emailVerificationByTokenByCodeAndResend() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signUp(email: "verify@example.com", password: "correct-horse")
            let sent = try bed.inbox(to: "verify@example.com", kind: "email_verification")
            try await client.auth.verifyEmail(token: sent["token"]!)
            #expect(try await client.auth.getUser().emailVerified)

            try await client.auth.signUp(email: "code@example.com", password: "correct-horse")
            try await bed.setClockOffset(61)  // the service sends one verification email a minute
            try await client.auth.resendVerification(email: "code@example.com")
            let resent = try bed.inbox(to: "code@example.com", kind: "email_verification")
            let wrong = await authError { () async throws(AuthError) in
                try await client.auth.verifyEmail(
                    code: resent["code"] == "000000" ? "111111" : "000000", email: "code@example.com")
            }
            #expect(wrong?.code == "token_invalid")
            try await client.auth.verifyEmail(code: resent["code"]!, email: "code@example.com")
            #expect(try await client.auth.getUser().emailVerified)
            #expect(
                try bed.emulator.inbox.messages(to: "code@example.com").count == 2, "the sign-up's and the resend's")
        }
    }
}
