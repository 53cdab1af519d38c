import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

@Suite struct AuthDPoPTests {
    @Test(arguments: ["/auth/signup", "/auth/login", "/auth/token/refresh"])
    func sessionBindingRoutesRequireAProof(path: String) async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            let session = try await auth.signUp("dev@example.com", key: key)
            let body: AnyCodableValue =
                path == "/auth/token/refresh"
                ? ["refresh_token": .string(session.refreshToken)]
                : ["email": "new@example.com", "password": "correct-horse"]
            expectAuthError(try await auth.post(path, body), 401, "dpop_invalid")
            // Nothing happened: no account, no rotation.
            #expect(try await auth.admin("GET", "users").json["users"].elements.count == 1)
            if path == "/auth/token/refresh" {
                _ = try IssuedSession(try await auth.refresh(session.refreshToken, key: key))
            }
        }
    }

    @Test func sessionIsBoundToTheProofsKeyThumbprintAndRefreshWithAnotherKeyIsRefused() async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            let session = try await auth.signUp("dev@example.com", key: key)
            let stored = try await auth.sessions(of: session.userID)
            #expect(stored.map { $0["dpop_jkt"].string } == [key.thumbprint])

            let stolen = try await auth.refresh(session.refreshToken, key: DPoPKey())
            expectAuthError(stolen, 401, "dpop_key_mismatch")
            // The mismatch spent nothing: the owner's key still rotates the same token.
            _ = try IssuedSession(try await auth.refresh(session.refreshToken, key: key))
        }
    }

    @Test func aSessionMintedWithoutAProofBindsToItsFirstRefreshKey() async throws {
        try await withAuthEmulator { auth in
            let session = try IssuedSession(try await auth.post("/auth/anonymous"))
            #expect(try await auth.sessions(of: session.userID).first?["dpop_jkt"].isNull == true)
            let key = DPoPKey()
            let rotated = try IssuedSession(try await auth.refresh(session.refreshToken, key: key))
            #expect(try await auth.sessions(of: session.userID).first?["dpop_jkt"].string == key.thumbprint)
            expectAuthError(try await auth.refresh(rotated.refreshToken, key: DPoPKey()), 401, "dpop_key_mismatch")
        }
    }

    @Test func aReplayedJTIIsRefused() async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            _ = try await auth.signUp("dev@example.com", key: key)
            let proof = try key.proof(method: "POST", url: auth.url("/auth/login"))
            let body: AnyCodableValue = ["email": "dev@example.com", "password": "correct-horse"]
            #expect(try await auth.post("/auth/login", body, proof: proof).status == 200)
            let replay = try await auth.post("/auth/login", body, proof: proof)
            expectAuthError(replay, 401, "dpop_invalid")
            #expect(replay.json["error_description"].string?.contains("jti") == true)
            // Same key, fresh jti: fine.
            #expect(try await auth.logIn("dev@example.com", key: key).status == 200)
        }
    }

    /// ±70, not ±61: `iat` is whole seconds and the request takes time to arrive, so a proof one second past the
    /// window can land inside it on a loaded machine.
    @Test(arguments: [-120.0, 120.0, -70.0, 70.0])
    func anIATOutsideTheSixtySecondWindowIsRefused(skew: Double) async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            _ = try await auth.signUp("dev@example.com", key: key)
            let proof = try key.proof(
                method: "POST", url: auth.url("/auth/login"), iat: Date().timeIntervalSince1970 + skew)
            let reply = try await auth.post(
                "/auth/login", ["email": "dev@example.com", "password": "correct-horse"], proof: proof)
            expectAuthError(reply, 401, "dpop_invalid")
            #expect(reply.json["error_description"].string?.contains("iat") == true)
        }
    }

    @Test(arguments: [-30.0, 30.0])
    func anIATInsideTheWindowIsAccepted(skew: Double) async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            let proof = try key.proof(
                method: "POST", url: auth.url("/auth/signup"), iat: Date().timeIntervalSince1970 + skew)
            let reply = try await auth.post(
                "/auth/signup", ["email": "dev@example.com", "password": "correct-horse"], proof: proof)
            #expect(reply.status == 200)
        }
    }

    enum Forgery: String, CaseIterable, Sendable {
        case wrongMethod, wrongPath, urlWithQuery, wrongHost, wrongScheme, signedByAnotherKey, wrongTyp, wrongAlg,
            privateKeyInJWK, notAJWS, tamperedClaims
    }

    @Test(arguments: Forgery.allCases)
    func aMalformedOrForgedProofIsRefused(_ forgery: Forgery) async throws {
        try await withAuthEmulator { auth in
            let key = DPoPKey()
            let url = auth.url("/auth/signup")
            let proof: String
            switch forgery {
            case .wrongMethod: proof = try key.proof(method: "GET", url: url)
            case .wrongPath: proof = try key.proof(method: "POST", url: auth.url("/auth/login"))
            case .urlWithQuery: proof = try key.proof(method: "POST", url: url + "?a=1")
            case .wrongHost:
                proof = try key.proof(
                    method: "POST", url: url.replacingOccurrences(of: "127.0.0.1", with: "example.com"))
            case .wrongScheme:
                proof = try key.proof(method: "POST", url: url.replacingOccurrences(of: "http://", with: "https://"))
            case .signedByAnotherKey: proof = try key.proof(method: "POST", url: url, signingKey: P256PrivateKey())
            case .wrongTyp: proof = try key.proof(method: "POST", url: url, typ: "JWT")
            case .wrongAlg: proof = try key.proof(method: "POST", url: url, alg: "HS256")
            case .privateKeyInJWK:
                proof = try key.proof(
                    method: "POST", url: url, extraJWK: ["d": .string(Base64URL.encode(key.key.rawRepresentation))])
            case .notAJWS: proof = "not-a-jws"
            case .tamperedClaims:
                var parts = try key.proof(method: "POST", url: url).split(separator: ".").map(String.init)
                let claims: AnyCodableValue = [
                    "jti": "x", "htm": "POST", "htu": .string(url), "iat": .int(Int(Date().timeIntervalSince1970)),
                ]
                parts[1] = Base64URL.encode(Data(claims.jsonText.utf8))
                proof = parts.joined(separator: ".")
            }
            let reply = try await auth.post(
                "/auth/signup", ["email": "dev@example.com", "password": "correct-horse"], proof: proof)
            expectAuthError(reply, 401, "dpop_invalid")
            #expect(try await auth.admin("GET", "users").json["users"].elements.isEmpty)
        }
    }
}
