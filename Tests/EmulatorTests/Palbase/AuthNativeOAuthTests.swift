import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// The native transaction: `POST /auth/oauth/authorize` with `mode: "native"`, the provider's own flow on the
/// simulated provider, then `POST /auth/oauth/credential` with the ID token, over real HTTP.
@Suite struct AuthNativeOAuthTests {
    @Test(arguments: NativeOAuthClients.simulated)
    func aProvidersIDTokenSignsInBoundToTheDevicesKey(provider: OAuthProvider) async throws {
        try await withAuthEmulator { auth in
            let transaction = try await auth.beginNative(provider)
            #expect(transaction.id.hasPrefix("oat_"))
            #expect(Base64URL.decode(transaction.nonce)?.count == 32)
            let email = "\(provider.rawValue)@example.com"
            let idToken = try await auth.providerIDToken(provider, for: transaction, email: email)
            let key = DPoPKey()
            let session = try IssuedSession(try await auth.completeNative(transaction.id, idToken: idToken, dpop: key))
            #expect(session.reply.json["user"]["email"].string == email)
            #expect(session.reply.json["user"]["email_verified"].bool == true)
            let sessions = try await auth.sessions(of: session.userID)
            #expect(sessions.count == 1)
            #expect(sessions.first?["dpop_jkt"].string == key.thumbprint)
            let me = try await auth.get("/auth/me", bearer: session.accessToken)
            #expect(me.json["providers"].strings == ["email", provider.rawValue])

            // The same provider account signs into the same user again, through a new transaction.
            let again = try await auth.beginNative(provider)
            let second = try await auth.providerIDToken(provider, for: again, email: email)
            #expect(
                try IssuedSession(try await auth.completeNative(again.id, idToken: second)).userID == session.userID)
        }
    }

    @Test func appleGivesTheNewAccountItsProfileName() async throws {
        try await withAuthEmulator { auth in
            let transaction = try await auth.beginNative(.apple)
            let idToken = try await auth.providerIDToken(.apple, for: transaction, email: "named@example.com")
            let name: AnyCodableValue = ["given_name": "Ada", "family_name": "Lovelace"]
            let session = try IssuedSession(try await auth.completeNative(transaction.id, idToken: idToken, name: name))
            let user = try await auth.admin("GET", "users/\(session.userID)")
            #expect(user.json["given_name"].string == "Ada")
            #expect(user.json["family_name"].string == "Lovelace")
            // `/auth/me` keeps its shape: no name there.
            let me = try await auth.get("/auth/me", bearer: session.accessToken)
            #expect(!me.json["user"]["given_name"].exists)

            // An existing account keeps its name; a later sign-in's name is not applied.
            let later = try await auth.beginNative(.apple)
            let laterToken = try await auth.providerIDToken(.apple, for: later, email: "named@example.com")
            _ = try IssuedSession(
                try await auth.completeNative(later.id, idToken: laterToken, name: ["given_name": "Someone"]))
            #expect(try await auth.admin("GET", "users/\(session.userID)").json["given_name"].string == "Ada")

            let bad = try await auth.beginNative(.apple)
            expectAuthError(
                try await auth.completeNative(bad.id, idToken: "x", name: ["given_name": 7]), 400, "bad_request")
            expectAuthError(try await auth.completeNative(bad.id, idToken: "x", name: "Ada"), 400, "bad_request")
        }
    }

    @Test func linkingNeedsARecentSessionAndLinksTheProviderAccount() async throws {
        try await withAuthEmulator { auth in
            let owner = try await auth.signUp("native-linker@example.com")
            expectAuthError(try await auth.beginNativeReply("google", link: true), 401, "invalid_token")
            let transaction = try await auth.beginNative(.google, link: true, bearer: owner.accessToken)
            let idToken = try await auth.providerIDToken(
                .google, for: transaction, email: "native-linker@example.com", subject: "g-native")
            let linked = try await auth.completeNative(transaction.id, idToken: idToken)
            #expect(linked.status == 200)
            #expect(linked.json["linked"]["identity"].string == "google")
            #expect(linked.json["linked"]["user_id"].string == owner.userID)
            #expect(linked.json["access_token"].string == nil)
            #expect(try await auth.sessions(of: owner.userID).count == 1)

            let signIn = try await auth.beginNative(.google)
            let signInToken = try await auth.providerIDToken(
                .google, for: signIn, email: "native-linker@example.com", subject: "g-native")
            #expect(
                try IssuedSession(try await auth.completeNative(signIn.id, idToken: signInToken)).userID == owner.userID
            )

            try await auth.setClockOffset(301)
            expectAuthError(
                try await auth.beginNativeReply("google", link: true, bearer: owner.accessToken), 403,
                "reauthentication_required")
        }
    }

    @Test func emailMatchingNeverLinksANativeSignIn() async throws {
        try await withAuthEmulator { auth in
            let owner = try await auth.signUp("taken@example.com")
            let transaction = try await auth.beginNative(.microsoft)
            let idToken = try await auth.providerIDToken(.microsoft, for: transaction, email: "taken@example.com")
            expectAuthError(try await auth.completeNative(transaction.id, idToken: idToken), 409, "email_taken")
            #expect(try await auth.sessions(of: owner.userID).count == 1)
        }
    }

    @Test func anAccountWithASecondFactorGetsAChallengeNotASession() async throws {
        try await withAuthEmulator { auth in
            let first = try await auth.beginNative(.google)
            let token = try await auth.providerIDToken(.google, for: first, email: "native-mfa@example.com")
            let user = try IssuedSession(try await auth.completeNative(first.id, idToken: token)).userID
            #expect(try await auth.admin("PUT", "users/\(user)/mfa", ["factors": ["totp"]]).status == 200)

            let second = try await auth.beginNative(.google)
            let again = try await auth.providerIDToken(.google, for: second, email: "native-mfa@example.com")
            let reply = try await auth.completeNative(second.id, idToken: again)
            #expect(reply.status == 200)
            #expect(reply.json["mfa_required"].bool == true)
            #expect(reply.json["mfa_token"].string?.hasPrefix("mfa_") == true)
            #expect(reply.json["factors"].strings == ["totp"])
            #expect(reply.json["access_token"].string == nil)
            #expect(try await auth.sessions(of: user).count == 1)
        }
    }

    @Test func aFencedAccountIsRefused() async throws {
        try await withAuthEmulator { auth in
            let first = try await auth.beginNative(.apple)
            let token = try await auth.providerIDToken(.apple, for: first, email: "fenced@example.com")
            let user = try IssuedSession(try await auth.completeNative(first.id, idToken: token)).userID
            #expect(try await auth.admin("POST", "users/\(user)/fence").status == 204)
            let second = try await auth.beginNative(.apple)
            let again = try await auth.providerIDToken(.apple, for: second, email: "fenced@example.com")
            expectAuthError(try await auth.completeNative(second.id, idToken: again), 403, "subject_fenced")
            #expect(try await auth.sessions(of: user).count == 1)
        }
    }

    /// Each refusal spends its transaction and mints nothing: the account the token names keeps exactly
    /// the one session its first sign-in made.
    @Test(arguments: NativeOAuthClients.simulated)
    func everyRefusalOfTheIDTokenMintsNoSession(provider: OAuthProvider) async throws {
        try await withAuthEmulator { auth in
            let subject = "refused-\(provider.rawValue)"
            let first = try await auth.beginNative(provider)
            let user = try IssuedSession(
                try await auth.completeNative(
                    first.id,
                    idToken: try await auth.signedIDToken(
                        provider.rawValue, auth.validClaims(provider, nonce: first.nonce, subject: subject)))
            ).userID

            let now = Int(Date().timeIntervalSince1970)
            let otherNonce = Base64URL.encode(SecureRandom.bytes(32))
            let refusals: [(String, [String: AnyCodableValue], String)] = [
                ("another nonce", ["nonce": .string(otherNonce)], "nonce_mismatch"),
                ("no nonce", ["nonce": .null], "nonce_mismatch"),
                ("another audience", ["aud": "someone-else"], "id_token_invalid"),
                ("another issuer", ["iss": .string(auth.provider(.google).issuer + "-evil")], "id_token_invalid"),
                ("expired", ["exp": .int(now - 60)], "id_token_invalid"),
                ("issued in the future", ["iat": .int(now + 3600)], "id_token_invalid"),
                ("no subject", ["sub": .null], "id_token_invalid"),
            ]
            for (name, overrides, code) in refusals {
                let transaction = try await auth.beginNative(provider)
                var claims = auth.validClaims(provider, nonce: transaction.nonce, subject: subject)
                for (key, value) in overrides { claims[key] = value == .null ? nil : value }
                let token = try await auth.signedIDToken(provider.rawValue, claims)
                let reply = try await auth.completeNative(transaction.id, idToken: token, dpop: DPoPKey())
                expectAuthError(reply, 401, code)
                #expect(reply.code == code, "\(name)")
                // Spent by that presentation: even a valid token cannot use it now.
                let valid = try await auth.signedIDToken(
                    provider.rawValue, auth.validClaims(provider, nonce: transaction.nonce, subject: subject))
                expectAuthError(
                    try await auth.completeNative(transaction.id, idToken: valid), 401, "transaction_invalid")
            }
            #expect(try await auth.sessions(of: user).count == 1)
        }
    }

    @Test func aTokenNotSignedByTheProvidersKeyIsInvalid() async throws {
        try await withAuthEmulator { auth in
            let first = try await auth.beginNative(.google)
            let user = try IssuedSession(
                try await auth.completeNative(
                    first.id,
                    idToken: try await auth.signedIDToken(
                        "google", auth.validClaims(.google, nonce: first.nonce, subject: "forged")))
            ).userID
            let kid = SampleJSONView(json: try await auth.provider(.google).get("/jwks").body)["keys"][0]["kid"]
            let header: [String: AnyCodableValue] = ["alg": "ES256", "kid": .string(kid.string ?? ""), "typ": "JWT"]

            // The test's own key, under the provider's kid.
            let transaction = try await auth.beginNative(.google)
            let claims = auth.validClaims(.google, nonce: transaction.nonce, subject: "forged")
            let forged = try CompactJWS.es256(header: header, claims: claims, key: P256PrivateKey())
            expectAuthError(try await auth.completeNative(transaction.id, idToken: forged), 401, "id_token_invalid")

            // Another provider's key and kid: Apple's signature is no Google token.
            let crossed = try await auth.beginNative(.google)
            let appleSigned = try await auth.signedIDToken(
                "apple", auth.validClaims(.google, nonce: crossed.nonce, subject: "forged"))
            expectAuthError(try await auth.completeNative(crossed.id, idToken: appleSigned), 401, "id_token_invalid")

            // RS256, `none`, a stranger's kid, a tampered payload and plain garbage.
            let genuine = try await auth.signedIDToken("google", claims)
            let parts = genuine.split(separator: ".").map(String.init)
            func rewrapped(_ header: [String: AnyCodableValue]) -> String {
                Base64URL.encode(AnyCodableValue.object(header).jsonData) + "." + parts[1] + "." + parts[2]
            }
            var tamperedClaims = claims
            tamperedClaims["sub"] = "someone-else"
            let tampered =
                parts[0] + "." + Base64URL.encode(AnyCodableValue.object(tamperedClaims).jsonData) + "." + parts[2]
            for token in [
                rewrapped(["alg": "RS256", "kid": .string(kid.string ?? ""), "typ": "JWT"]),
                rewrapped(["alg": "none", "kid": .string(kid.string ?? "")]),
                rewrapped(["alg": "ES256", "kid": "another-kid"]), tampered, "not.a.jwt", "x",
            ] {
                let attempt = try await auth.beginNative(.google)
                expectAuthError(try await auth.completeNative(attempt.id, idToken: token), 401, "id_token_invalid")
            }
            #expect(try await auth.sessions(of: user).count == 1)
        }
    }

    @Test func aTransactionIsUsedOnceAndOnlyByItsOwnFlow() async throws {
        try await withAuthEmulator { auth in
            let transaction = try await auth.beginNative(.microsoft)
            let idToken = try await auth.providerIDToken(.microsoft, for: transaction, email: "once@example.com")
            let session = try IssuedSession(try await auth.completeNative(transaction.id, idToken: idToken))
            expectAuthError(try await auth.completeNative(transaction.id, idToken: idToken), 401, "transaction_invalid")
            expectAuthError(try await auth.completeNative("oat_unknown", idToken: idToken), 401, "transaction_invalid")

            // A token for one transaction's nonce does not complete another.
            let first = try await auth.beginNative(.microsoft)
            let second = try await auth.beginNative(.microsoft)
            let forFirst = try await auth.providerIDToken(.microsoft, for: first, email: "once@example.com")
            expectAuthError(try await auth.completeNative(second.id, idToken: forFirst), 401, "nonce_mismatch")

            // A native transaction presented with a code is spent; a browser one given an ID token is refused.
            let native = try await auth.beginNative(.google)
            let withCode = try await auth.exchange(
                OAuthFlow(id: native.id, state: "", verifier: "v", authorizeURL: ""), code: "oac_x")
            expectAuthError(withCode, 401, "transaction_invalid")
            let nativeToken = try await auth.providerIDToken(.google, for: native, email: "spent@example.com")
            expectAuthError(try await auth.completeNative(native.id, idToken: nativeToken), 401, "transaction_invalid")
            let browser = try await auth.beginOAuth("google")
            expectAuthError(try await auth.completeNative(browser.id, idToken: nativeToken), 401, "transaction_invalid")

            // An expired transaction.
            let late = try await auth.beginNative(.microsoft)
            try await auth.setClockOffset(601)
            let lateToken = try await auth.signedIDToken(
                "microsoft",
                auth.validClaims(
                    .microsoft, nonce: late.nonce, subject: "late",
                    [
                        "iat": .int(Int(Date().timeIntervalSince1970) + 590),
                        "exp": .int(Int(Date().timeIntervalSince1970) + 1200),
                    ]))
            expectAuthError(try await auth.completeNative(late.id, idToken: lateToken), 401, "transaction_invalid")
            #expect(try await auth.sessions(of: session.userID).count == 1)
        }
    }

    @Test func authorizeRefusesWhatHasNoNativeFlow() async throws {
        try await withAuthEmulator { auth in
            expectAuthError(try await auth.beginNativeReply("github"), 400, "provider_not_configured")
            expectAuthError(try await auth.beginNativeReply("facebook"), 400, "provider_not_configured")
            let reply = try await auth.beginNativeReply("google", mode: "popup")
            expectAuthError(reply, 400, "bad_request")
            #expect(reply.json["details"][0]["field"].string == "mode")
            // `mode: "browser"` is today's browser transaction, with everything it requires.
            expectAuthError(try await auth.beginNativeReply("google", mode: "browser"), 400, "bad_request")
            let browser = try await auth.post(
                "/auth/oauth/authorize",
                [
                    "provider": "google", "mode": "browser", "redirect_uri": .string(AuthTestClient.redirectURI),
                    "code_challenge": .string(Base64URL.encode(SHA256.hash(Data("v".utf8)))),
                    "code_challenge_method": "S256", "state": "s",
                ])
            #expect(browser.status == 200)
            #expect(browser.json["authorize_url"].string != nil)
            #expect(browser.json["nonce"].string == nil)
            // The browser page is no way into a native transaction.
            let native = try await auth.beginNative(.google)
            #expect(try await auth.page("/auth/oauth/provider/google?transaction_id=\(native.id)").status == 400)
        }
    }
}
