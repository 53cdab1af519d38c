import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import Testing

/// Phone OTP and magic links, with the codes and links read from the emulator's inbox.
@Suite struct AuthCodeTests {
    @Test func phoneOTPRegistersThenSignsInTheSameUser() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let phone = "+15551234567"
            try await client.auth.signInWithOTP(phone: phone)
            #expect(await client.auth.isSignedIn == false, "the first half mints nothing")
            let first = try await client.auth.verifyOTP(
                phone: phone, token: try bed.inbox(to: phone, kind: "otp")["code"]!)
            #expect(first.user.email == nil, "phone-only users have no email")

            try await bed.setClockOffset(120)  // past the resend interval
            try await client.auth.signInWithOTP(phone: phone, channel: .sms)
            let second = try await client.auth.verifyOTP(
                phone: phone, token: try bed.inbox(to: phone, kind: "otp")["code"]!)
            #expect(second.user.id == first.user.id)
            #expect(await client.auth.currentUser == second.user)

            let sent = try bed.requests(to: "/auth/otp")
            #expect(sent.filter { $0.path == "/auth/otp" }.count == 2)
        }
    }

    @Test func otpFailuresAreClassified() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let phone = "+15557654321"
            try await client.auth.signInWithOTP(phone: phone)
            let code = try bed.inbox(to: phone, kind: "otp")["code"]!
            let wrong = code == "000000" ? "111111" : "000000"

            func verify(_ token: String) async -> AuthError? {
                await authError { () async throws(AuthError) in
                    try await client.auth.verifyOTP(phone: phone, token: token)
                }
            }
            let first = await verify(wrong)
            #expect(first?.otpFailure == .wrongCode)
            #expect(first?.statusCode == 401)
            // As the error-handling page says: a `case .invalidCredentials:` written from it fires, and the
            // server's code is still there.
            guard case .invalidCredentials(let message)? = first else {
                Issue.record("a wrong code should arrive as .invalidCredentials, not \(String(describing: first))")
                return
            }
            #expect(message == AuthError.OTPFailure.wrongCode.message)
            #expect(first?.code == "otp_invalid")
            for _ in 2...5 { _ = await verify(wrong) }
            let exhausted = await verify(code)
            #expect(exhausted?.otpFailure == .tooManyAttempts, "the code died after five wrong guesses")
            #expect(exhausted?.code == "otp_attempts_exceeded")

            try await bed.setClockOffset(120)
            try await client.auth.signInWithOTP(phone: phone)
            let fresh = try bed.inbox(to: phone, kind: "otp")["code"]!
            try await bed.setClockOffset(120 + 301)  // past the code's five minutes
            let expired = await verify(fresh)
            #expect(expired?.otpFailure == .expired)
            #expect(expired?.code == "otp_expired")
            #expect(await client.auth.isSignedIn == false)
        }
    }

    @Test func aSecondCodeTooSoonIsRateLimitedWithRetryAfter() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signInWithOTP(phone: "+15550000001")
            let error = await authError { () async throws(AuthError) in
                try await client.auth.signInWithOTP(phone: "+15550000001")
            }
            guard case .rateLimited(let retryAfter?) = error else {
                Issue.record("expected .rateLimited with a wait, got \(String(describing: error))")
                return
            }
            #expect((1...60).contains(retryAfter))
            #expect(error?.otpFailure == nil)
        }
    }

    @Test func magicLinkSignsInAndVerifiesTheEmail() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthEvent(events.listener)
            try await client.auth.signInWithMagicLink(email: "link@example.com")
            #expect(await client.auth.isSignedIn == false)
            let token = try bed.inbox(to: "link@example.com", kind: "magic_link")["token"]!
            guard case .signedIn(let success) = try await client.auth.verifyMagicLink(token: token) else {
                Issue.record("expected a session")
                return
            }
            #expect(success.user.email == "link@example.com")
            #expect(success.user.emailVerified)
            #expect(await events.wait(for: 1) == [.signedIn(success.user)])

            let reused = await authError { () async throws(AuthError) in
                _ = try await client.auth.verifyMagicLink(token: token)
            }
            #expect(reused?.code == "link_invalid")
        }
    }

    @Test func magicLinkForAnAccountWithASecondFactorCreatesNoSessionAndFiresNoEvent() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signUp(email: "mfa@example.com", password: "correct-horse")
            let userID = try await bed.userID(email: "mfa@example.com")
            try await bed.admin("PUT", "users/\(userID)/mfa", ["factors": ["totp"]])
            try await client.auth.signOut()

            let states = Heard<AuthState>()
            let events = Heard<AuthEvent>()
            let users = Heard<AuthUser?>()
            _ = await client.auth.onAuthStateChange(states.listener)
            _ = await client.auth.onAuthEvent(events.listener)
            _ = await client.auth.onUserChange(users.listener)
            try await client.auth.signInWithMagicLink(email: "mfa@example.com")
            let token = try bed.inbox(to: "mfa@example.com", kind: "magic_link")["token"]!
            guard case .mfaRequired(let mfaToken, let factors) = try await client.auth.verifyMagicLink(token: token)
            else {
                Issue.record("expected mfaRequired")
                return
            }
            #expect(mfaToken.hasPrefix("mfa_"))
            #expect(factors == ["totp"])
            #expect(await client.auth.isSignedIn == false)
            #expect(try bed.persisted(client)?.session == nil)
            // A later change is the first thing heard after the replays: nothing came in between.
            try await client.auth.signInAnonymously()
            #expect(await states.wait(for: 2).first == .signedOut)
            #expect(events.values.count == 1)
            if case .signedIn = events.values.first {} else { Issue.record("the first event is the later sign-in") }
            #expect(await users.wait(for: 2).first == .some(nil))
        }
    }

    /// Every rail that mints a session asks for the second factor: the password and the phone code too,
    /// which minted a full session before. No session is adopted; the error says why.
    @Test func passwordAndPhoneSignInsOfAnAccountWithASecondFactorMintNoSession() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signUp(email: "two@example.com", password: "correct-horse")
            let emailUser = await client.auth.currentUser
            try await client.auth.signOut()
            let phone = "+15557654321"
            try await client.auth.signInWithOTP(phone: phone)
            let phoneUser = try await client.auth.verifyOTP(
                phone: phone, token: try bed.inbox(to: phone, kind: "otp")["code"]!
            ).user
            try await client.auth.signOut()
            for id in [try #require(emailUser?.id), phoneUser.id] {
                try await bed.admin("PUT", "users/\(id)/mfa", ["factors": ["totp"]])
            }

            let password = await authError { () async throws(AuthError) in
                try await client.auth.signIn(email: "two@example.com", password: "correct-horse")
            }
            #expect(password?.code == "mfa_required", "\(String(describing: password))")
            #expect(await client.auth.isSignedIn == false)

            let sessionsBefore = try await bed.sessions(of: phoneUser.id).count
            try await bed.setClockOffset(120)  // past the resend interval
            try await client.auth.signInWithOTP(phone: phone)
            let token = try bed.inbox(to: phone, kind: "otp")["code"]!
            let code = await authError { () async throws(AuthError) in
                try await client.auth.verifyOTP(phone: phone, token: token)
            }
            #expect(code?.code == "mfa_required", "\(String(describing: code))")
            #expect(await client.auth.isSignedIn == false)
            #expect(try bed.persisted(client)?.session == nil)
            #expect(try await bed.sessions(of: phoneUser.id).count == sessionsBefore, "the server minted none either")
        }
    }
}
