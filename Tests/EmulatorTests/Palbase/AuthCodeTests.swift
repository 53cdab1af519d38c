import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

@Suite struct AuthCodeTests {
    static let phone = "+15551234567"

    @Test func anSMSCodeSignsUpAPhoneThenSignsItIn() async throws {
        try await withAuthEmulator { auth in
            let sent = try await auth.post("/auth/otp", ["phone": .string(Self.phone), "channel": "sms"])
            #expect(sent.status == 204)
            let code = try #require(try await auth.inbox(to: Self.phone, kind: "otp")["code"])
            #expect(code.count == 6 && code.allSatisfy(\.isNumber))
            #expect(try auth.server.inbox.messages(to: Self.phone).last?.channel == .sms)

            let session = try IssuedSession(
                try await auth.post("/auth/otp/verify", ["phone": .string(Self.phone), "token": .string(code)]))
            let user = session.reply.json["user"]
            #expect(user["phone"].string == Self.phone)
            #expect(user["email"].isNull)
            let me = try await auth.get("/auth/me", bearer: session.accessToken)
            #expect(me.json["providers"].strings == ["phone"])
            #expect(me.json["has_password"].bool == false)
            // A code works once.
            expectAuthError(
                try await auth.post("/auth/otp/verify", ["phone": .string(Self.phone), "token": .string(code)]), 401,
                "otp_invalid")

            try await auth.setClockOffset(61)
            #expect(try await auth.post("/auth/otp", ["phone": .string(Self.phone)]).status == 204)
            let second = try #require(try await auth.inbox(to: Self.phone, kind: "otp")["code"])
            let again = try IssuedSession(
                try await auth.post("/auth/otp/verify", ["phone": .string(Self.phone), "token": .string(second)]))
            #expect(again.userID == session.userID)
        }
    }

    @Test func sendingCodesTooOftenIsRateLimitedWithRetryAfter() async throws {
        try await withAuthEmulator { auth in
            #expect(try await auth.post("/auth/otp", ["phone": .string(Self.phone)]).status == 204)
            let limited = try await auth.post("/auth/otp", ["phone": .string(Self.phone)])
            expectAuthError(limited, 429, "rate_limited")
            let retryAfter = try #require(limited.header("Retry-After").flatMap(Int.init))
            #expect((1...60).contains(retryAfter))
            #expect(try auth.server.inbox.messages(to: Self.phone).count == 1)
            // Another phone is not limited; the same one is again after the interval.
            #expect(try await auth.post("/auth/otp", ["phone": "+15550000000"]).status == 204)
            try await auth.setClockOffset(60)
            #expect(try await auth.post("/auth/otp", ["phone": .string(Self.phone)]).status == 204)
        }
    }

    @Test func aCodeExpiresAfterFiveMinutesOnTheServicesClock() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.post("/auth/otp", ["phone": .string(Self.phone)])
            let code = try #require(try await auth.inbox(to: Self.phone, kind: "otp")["code"])
            try await auth.setClockOffset(301)
            let reply = try await auth.post("/auth/otp/verify", ["phone": .string(Self.phone), "token": .string(code)])
            expectAuthError(reply, 401, "otp_expired")
        }
    }

    @Test func fiveWrongGuessesKillTheCode() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.post("/auth/otp", ["phone": .string(Self.phone)])
            let code = try #require(try await auth.inbox(to: Self.phone, kind: "otp")["code"])
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 0..<5 {
                let reply = try await auth.post(
                    "/auth/otp/verify", ["phone": .string(Self.phone), "token": .string(wrong)])
                expectAuthError(reply, 401, "otp_invalid")
            }
            let right = try await auth.post("/auth/otp/verify", ["phone": .string(Self.phone), "token": .string(code)])
            expectAuthError(right, 401, "otp_attempts_exceeded")
            // Another phone's code is unaffected: attempts count per code.
            expectAuthError(
                try await auth.post("/auth/otp/verify", ["phone": "+15550000000", "token": "123456"]), 401,
                "otp_invalid")
        }
    }

    @Test func codeRequestsAreValidated() async throws {
        try await withAuthEmulator { auth in
            expectAuthError(try await auth.post("/auth/otp", ["phone": "5551234567"]), 400, "invalid_phone")
            expectAuthError(try await auth.post("/auth/otp", ["phone": "+1555abc4567"]), 400, "invalid_phone")
            expectAuthError(
                try await auth.post("/auth/otp", ["phone": .string(Self.phone), "channel": "whatsapp"]), 400,
                "bad_request")
            expectAuthError(try await auth.post("/auth/otp", [:]), 400, "bad_request")
            #expect(try auth.server.inbox.messages().isEmpty)
        }
    }

    @Test func aMagicLinkSignsInOnceAndVerifiesTheEmail() async throws {
        try await withAuthEmulator { auth in
            #expect(try await auth.post("/auth/magic-link", ["email": "Link@Example.com"]).status == 204)
            let mail = try await auth.inbox(to: "link@example.com", kind: "magic_link")
            let token = try #require(mail["token"])
            #expect(mail["link"] == auth.url("/auth/confirm?type=magic_link&token=\(token)"))

            let session = try IssuedSession(try await auth.post("/auth/magic-link/verify", ["token": .string(token)]))
            #expect(session.reply.json["user"]["email"].string == "link@example.com")
            #expect(session.reply.json["user"]["email_verified"].bool == true)
            expectAuthError(
                try await auth.post("/auth/magic-link/verify", ["token": .string(token)]), 401, "link_invalid")
            expectAuthError(try await auth.post("/auth/magic-link/verify", ["token": "forged"]), 401, "link_invalid")

            // An existing account signs in to itself, and only the newest link works.
            _ = try await auth.post("/auth/magic-link", ["email": "link@example.com"])
            let older = try #require(try await auth.inbox(to: "link@example.com", kind: "magic_link")["token"])
            _ = try await auth.post("/auth/magic-link", ["email": "link@example.com"])
            let newer = try #require(try await auth.inbox(to: "link@example.com", kind: "magic_link")["token"])
            expectAuthError(
                try await auth.post("/auth/magic-link/verify", ["token": .string(older)]), 401, "link_invalid")
            let again = try IssuedSession(try await auth.post("/auth/magic-link/verify", ["token": .string(newer)]))
            #expect(again.userID == session.userID)
        }
    }

    @Test func aMagicLinkExpires() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.post("/auth/magic-link", ["email": "link@example.com"])
            let token = try #require(try await auth.inbox(to: "link@example.com", kind: "magic_link")["token"])
            try await auth.setClockOffset(901)
            expectAuthError(
                try await auth.post("/auth/magic-link/verify", ["token": .string(token)]), 401, "link_invalid")
        }
    }

    @Test func aMagicLinkToAnAccountWithASecondFactorAnswersMFARequiredAndNoSession() async throws {
        try await withAuthEmulator { auth in
            let account = try await auth.signUp("mfa@example.com")
            let flagged = try await auth.admin("PUT", "users/\(account.userID)/mfa", ["factors": ["totp"]])
            #expect(flagged.json["factors"].strings == ["totp"])
            #expect(try await auth.admin("GET", "users/\(account.userID)/mfa").json["factors"].strings == ["totp"])

            _ = try await auth.post("/auth/magic-link", ["email": "mfa@example.com"])
            let token = try #require(try await auth.inbox(to: "mfa@example.com", kind: "magic_link")["token"])
            let reply = try await auth.post("/auth/magic-link/verify", ["token": .string(token)])
            #expect(reply.status == 200)
            #expect(Set(reply.json.members.keys) == ["mfa_required", "mfa_token", "factors"])
            #expect(reply.json["mfa_required"].bool == true)
            #expect(reply.json["mfa_token"].string?.isEmpty == false)
            #expect(reply.json["factors"].strings == ["totp"])
            #expect(try await auth.sessions(of: account.userID).count == 1, "no session was minted")

            #expect(try await auth.admin("DELETE", "users/\(account.userID)/mfa").status == 204)
            _ = try await auth.post("/auth/magic-link", ["email": "mfa@example.com"])
            let next = try #require(try await auth.inbox(to: "mfa@example.com", kind: "magic_link")["token"])
            _ = try IssuedSession(try await auth.post("/auth/magic-link/verify", ["token": .string(next)]))
        }
    }

    @Test func emailVerificationByCodeCountsWrongGuessesAndResendSupersedes() async throws {
        try await withAuthEmulator { auth in
            let session = try await auth.signUp("dev@example.com")
            let first = try await auth.inbox(to: "dev@example.com", kind: "email_verification")
            let code = try #require(first["code"])
            let wrong = code == "000000" ? "111111" : "000000"
            expectAuthError(
                try await auth.post("/auth/verify-email", ["code": .string(wrong), "email": "dev@example.com"]), 401,
                "token_invalid")

            // A resend within a minute of the last email sends nothing (and answers the same 204).
            let sent = try auth.inboxCount(to: "dev@example.com")
            #expect(try await auth.post("/auth/resend-verification", ["email": "dev@example.com"]).status == 204)
            #expect(try auth.inboxCount(to: "dev@example.com") == sent)
            try await auth.setClockOffset(61)
            #expect(try await auth.post("/auth/resend-verification", ["email": "dev@example.com"]).status == 204)
            let second = try await auth.inbox(to: "dev@example.com", kind: "email_verification")
            #expect(second["token"] != first["token"])
            expectAuthError(
                try await auth.post("/auth/verify-email", ["token": .string(try #require(first["token"]))]), 401,
                "token_invalid")
            let verified = try await auth.post(
                "/auth/verify-email", ["code": .string(try #require(second["code"])), "email": "DEV@example.com"])
            #expect(verified.status == 204)
            #expect(
                try await auth.get("/auth/me", bearer: session.accessToken).json["user"]["email_verified"].bool == true)

            // A verified or unknown address gets nothing more, and the answer is the same.
            let count = try auth.inboxCount(to: "dev@example.com")
            #expect(try await auth.post("/auth/resend-verification", ["email": "dev@example.com"]).status == 204)
            #expect(try await auth.post("/auth/resend-verification", ["email": "nobody@example.com"]).status == 204)
            #expect(try auth.inboxCount(to: "dev@example.com") == count)
            #expect(try auth.inboxCount(to: "nobody@example.com") == 0)
        }
    }

    /// Resends bring fresh codes, not fresh guesses: past 20 wrong guesses at an address's verification
    /// codes within the hour, even the right code of a fresh email is refused. (Each resend used to bring
    /// five more guesses: the whole code space in about an hour.)
    @Test func wrongGuessesAreBoundedAcrossResentCodes() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.signUp("guess@example.com")
            var offset = 0
            var code = try #require(try await auth.inbox(to: "guess@example.com", kind: "email_verification")["code"])
            for _ in 0..<4 {
                let wrong = code == "000000" ? "111111" : "000000"
                for _ in 0..<5 {
                    expectAuthError(
                        try await auth.post(
                            "/auth/verify-email", ["code": .string(wrong), "email": "guess@example.com"]), 401,
                        "token_invalid")
                }
                offset += 61
                try await auth.setClockOffset(offset)
                #expect(try await auth.post("/auth/resend-verification", ["email": "guess@example.com"]).status == 204)
                code = try #require(try await auth.inbox(to: "guess@example.com", kind: "email_verification")["code"])
            }
            // 20 wrong guesses this hour: the fresh code, right as it is, is refused.
            expectAuthError(
                try await auth.post("/auth/verify-email", ["code": .string(code), "email": "guess@example.com"]), 401,
                "token_invalid")
            // An hour later the address may guess again, and the right code works.
            try await auth.setClockOffset(offset + 3_601)
            #expect(try await auth.post("/auth/resend-verification", ["email": "guess@example.com"]).status == 204)
            let fresh = try #require(try await auth.inbox(to: "guess@example.com", kind: "email_verification")["code"])
            #expect(
                try await auth.post("/auth/verify-email", ["code": .string(fresh), "email": "guess@example.com"])
                    .status == 204)
        }
    }

    @Test func aVerificationCodeDiesAfterFiveWrongGuesses() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.signUp("dev@example.com")
            let code = try #require(try await auth.inbox(to: "dev@example.com", kind: "email_verification")["code"])
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 0..<5 {
                _ = try await auth.post("/auth/verify-email", ["code": .string(wrong), "email": "dev@example.com"])
            }
            expectAuthError(
                try await auth.post("/auth/verify-email", ["code": .string(code), "email": "dev@example.com"]), 401,
                "token_invalid")
        }
    }
}
