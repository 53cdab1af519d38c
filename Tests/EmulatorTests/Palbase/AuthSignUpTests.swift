import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

@Suite struct AuthSignUpTests {
    @Test func signUpAnswersTheContractSessionSealedAndSendsAVerificationEmail() async throws {
        try await withAuthEmulator { auth in
            let before = Date().timeIntervalSince1970
            let reply = try await auth.post(
                "/auth/signup", ["email": "Dev@Example.com", "password": "correct-horse"], dpop: DPoPKey())
            #expect(reply.status == 200)
            #expect(reply.wasSealed)
            let session = reply.json
            #expect(
                Set(session.members.keys)
                    == ["access_token", "token_type", "expires_in", "expires_at", "refresh_token", "user"])
            #expect(session["token_type"].string == "Bearer")
            #expect(session["expires_in"].int == 3600)
            let expiresAt = try #require(session["expires_at"].int)
            #expect(
                Double(expiresAt) >= before.rounded(.down) + 3600
                    && Double(expiresAt) <= Date().timeIntervalSince1970 + 3600)
            #expect(session["access_token"].string != session["refresh_token"].string)
            let user = session["user"]
            #expect(Set(user.members.keys) == ["id", "email", "phone", "email_verified", "created_at"])
            #expect(user["email"].string == "dev@example.com")
            #expect(user["phone"].isNull)
            #expect(user["email_verified"].bool == false)
            let created = try #require(user["created_at"].string)
            #expect(ISO8601Timestamp.date(from: created) != nil)

            let mail = try await auth.inbox(to: "dev@example.com", kind: "email_verification")
            #expect(mail["token"]?.isEmpty == false)
            #expect(mail["code"]?.count == 6 && mail["code"]?.allSatisfy(\.isNumber) == true)
            #expect(mail["link"]?.hasPrefix(auth.url("/auth/confirm?type=email_verification&token=")) == true)
        }
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let email: String
        let password: String
        let status: Int
        let code: String
        var testDescription: String { code }
    }

    @Test(arguments: [
        Refusal(email: "a@example.com", password: "short12", status: 400, code: "password_too_short"),
        Refusal(
            email: "a@example.com", password: String(repeating: "x", count: 65), status: 400, code: "password_too_long"),
        Refusal(email: "a@example.com", password: "Password123", status: 400, code: "password_breached"),
        Refusal(email: "TAKEN@example.com", password: "correct-horse", status: 409, code: "email_taken"),
        Refusal(email: "not-an-email", password: "correct-horse", status: 400, code: "invalid_email"),
    ])
    func signUpRefusals(_ refusal: Refusal) async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.signUp("taken@example.com")
            let reply = try await auth.post(
                "/auth/signup", ["email": .string(refusal.email), "password": .string(refusal.password)],
                dpop: DPoPKey())
            expectAuthError(reply, refusal.status, refusal.code)
            #expect(reply.wasSealed)
            let users = try await auth.admin("GET", "users").json["users"].elements
            #expect(users.count == 1)
        }
    }

    @Test func passwordLengthCountsCharactersNotBytes() async throws {
        try await withAuthEmulator { auth in
            // Eight characters, sixteen UTF-8 bytes: long enough.
            let session = try await auth.signUp("unicode@example.com", "éééééééé")
            #expect(!session.accessToken.isEmpty)
            #expect(try await auth.logIn("unicode@example.com", "éééééééé").status == 200)
        }
    }

    @Test func logInMintsANewSessionAndRefusesWrongCredentialsAlike() async throws {
        try await withAuthEmulator { auth in
            let first = try await auth.signUp("dev@example.com")
            let second = try IssuedSession(try await auth.logIn("DEV@example.com "))
            #expect(second.userID == first.userID)
            #expect(second.accessToken != first.accessToken)
            #expect(try await auth.sessions(of: first.userID).count == 2)

            let wrongPassword = try await auth.logIn("dev@example.com", "correct-horsf")
            expectAuthError(wrongPassword, 401, "invalid_credentials")
            let unknown = try await auth.logIn("nobody@example.com")
            expectAuthError(unknown, 401, "invalid_credentials")
            #expect(wrongPassword.json["error_description"].string == unknown.json["error_description"].string)
            expectAuthError(
                try await auth.post("/auth/login", ["email": "dev@example.com"], dpop: DPoPKey()), 400, "bad_request")
        }
    }

    @Test func confirmedEmailRequiredBlocksPasswordSignInUntilVerified() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.signUp("dev@example.com")
            var settings = try await auth.admin("GET", "settings").json.members
            settings["confirm_email_required"] = true
            #expect(try await auth.admin("PUT", "settings", .object(settings)).status == 200)

            expectAuthError(try await auth.logIn("dev@example.com"), 403, "email_not_confirmed")
            let mail = try await auth.inbox(to: "dev@example.com", kind: "email_verification")
            let verified = try await auth.post("/auth/verify-email", ["token": .string(try #require(mail["token"]))])
            #expect(verified.status == 204)
            let session = try IssuedSession(try await auth.logIn("dev@example.com"))
            #expect(session.reply.json["user"]["email_verified"].bool == true)
        }
    }

    @Test func passwordsAreStoredAsSaltedPBKDF2AndNothingSecretIsStoredInTheClear() async throws {
        try await withAuthEmulator { auth in
            let password = "plaintext-canary-42"
            let first = try await auth.signUp("one@example.com", password)
            let second = try await auth.signUp("two@example.com", password)

            let rows = try auth.server.store.query(
                "SELECT id, password_hash FROM auth_users WHERE id IN (?, ?) ORDER BY email",
                [.text(first.userID), .text(second.userID)])
            let hashes = rows.compactMap { $0.string("password_hash") }
            #expect(hashes.count == 2)
            #expect(hashes[0] != hashes[1], "each password gets its own salt")
            for stored in hashes {
                #expect(!stored.contains(password))
                let parts = stored.split(separator: "$").map(String.init)
                #expect(parts.count == 4)
                #expect(parts[0] == "pbkdf2_sha256")
                #expect(parts[1] == String(AuthPolicy.testing.passwordIterations))
                let salt = try #require(Base64URL.decode(parts[2]))
                let key = try #require(Base64URL.decode(parts[3]))
                #expect(salt.count == 16 && key.count == 32)
                // The stored key is PBKDF2-SHA256 of the password under that salt, recomputed here.
                let recomputed = try PBKDF2SHA256.deriveKey(
                    password: Data(password.utf8), salt: salt, iterations: AuthPolicy.testing.passwordIterations,
                    outputByteCount: 32)
                #expect(recomputed == key)
            }

            // No table (users, sessions, tokens, inbox, the request log of these sealed, bearer-less sign-ups)
            // holds the password or a token.
            let secrets = [password, first.accessToken, first.refreshToken, second.accessToken, second.refreshToken]
            let tables = try auth.server.store.query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).compactMap { $0.string("name") }
            #expect(tables.contains("auth_users") && tables.contains("request_log"))
            for table in tables {
                for row in try auth.server.store.query("SELECT * FROM \"\(table)\"") {
                    for value in row.values {
                        let text: String
                        switch value {
                        case .text(let string): text = string
                        case .blob(let data): text = String(decoding: data, as: UTF8.self)
                        default: continue
                        }
                        for secret in secrets { #expect(!text.contains(secret), "\(table) holds a secret") }
                    }
                }
            }
        }
    }
}
