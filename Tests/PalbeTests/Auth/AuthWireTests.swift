import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport
import Testing

/// What `pb.auth` puts on the wire, read back from the emulator's request log.
@Suite struct AuthWireTests {
    static let allowlist: Set<String> = [
        "/auth/signup", "/auth/login", "/auth/token/refresh", "/auth/password/reset", "/auth/password/reset/confirm",
        "/auth/magic-link", "/auth/magic-link/verify", "/auth/verify-email", "/auth/resend-verification",
        "/auth/anonymous", "/auth/oauth/credential",
    ]

    @Test func theAllowlistedPathsNeverCarryABearerAndEveryAuthBodyIsSealed() async throws {
        try await withAuthBackend { bed in
            try await bed.setClockOffset(-3700)
            let client = bed.client()
            try await client.auth.signUp(email: "wire@example.com", password: "correct-horse")
            try await bed.setClockOffset(0)
            // Signed in from here on: every allowlisted call has a session it must not send.
            _ = try await client.auth.getUser()  // refreshes first
            try await client.auth.signIn(email: "wire@example.com", password: "correct-horse")
            try await client.auth.resetPassword(email: "wire@example.com")
            _ = await authError { () async throws(AuthError) in
                try await client.auth.confirmPasswordReset(token: "nope", newPassword: "battery-staple")
            }
            try await client.auth.signInWithMagicLink(email: "wire@example.com")
            _ = try await client.auth.verifyMagicLink(
                token: try bed.inbox(to: "wire@example.com", kind: "magic_link")["token"]!)
            _ = await authError { () async throws(AuthError) in try await client.auth.verifyEmail(token: "nope") }
            _ = await authError { () async throws(AuthError) in
                try await client.auth.verifyEmail(code: "000000", email: "wire@example.com")
            }
            try await client.auth.resendVerification(email: "wire@example.com")
            _ = try? await client.send(PBRequest(.post, ["auth/oauth/credential"], body: ["code": "c"]))
            try await client.auth.signInAnonymously()
            _ = await authError { () async throws(AuthError) in
                try await client.auth.updatePassword(currentPassword: "x", newPassword: "y-long-enough")
            }
            try await client.auth.signOut()

            let sent = try bed.requests(to: "/auth/")
            #expect(Set(sent.map(\.path)).isSuperset(of: Self.allowlist), "every allowlisted path was called")
            for request in sent where Self.allowlist.contains(request.path) {
                #expect(request.header("Authorization") == nil, "\(request.path) carried a bearer")
            }
            for path in ["/auth/me", "/auth/logout", "/auth/password/update"] {
                #expect(sent.contains { $0.path == path }, "\(path) was called")
                for request in sent where request.path == path {
                    #expect(request.bearer != nil, "\(path) carries the session")
                }
            }
            for request in sent where !request.body.isEmpty {
                #expect(request.header("X-Palbase-Sealed") == "v1", "\(request.path)")
                let envelope = try JSONDecoder().decode([String: AnyCodableValue].self, from: request.body)
                #expect(Set(envelope.keys) == ["v", "kid", "epk", "nonce", "ct"], "\(request.path)")
                let text = String(decoding: request.body, as: UTF8.self)
                #expect(!text.contains("correct-horse") && !text.contains("wire@example.com"), "\(request.path)")
            }
            #expect(sent.filter { $0.method == "POST" }.allSatisfy { !$0.body.isEmpty }, "POST bodies, even {}")
        }
    }

    @Test func loginSignupAndRefreshCarryAFreshProofFromThePersistedKey() async throws {
        try await withAuthBackend { bed in
            try await bed.setClockOffset(-3700)
            // The proofs are read as they leave the SDK: the emulator's request log keeps only their fingerprints.
            let wire = ScriptedTransport()
            let client = bed.client(transport: wire)
            let user = try await client.auth.signUp(email: "dpop@example.com", password: "correct-horse").user
            try await client.auth.signIn(email: "dpop@example.com", password: "correct-horse")
            try await bed.setClockOffset(0)
            _ = try await client.auth.getUser()  // a refresh before the request
            let key = try #require(try bed.persisted(client)?.key)

            // A relaunch uses the same key: its refresh passes the server's binding check.
            let relaunched = bed.client(transport: wire)
            try await bed.setClockOffset(7200)
            _ = try await relaunched.auth.getUser()  // 401, refresh, replay
            #expect(try bed.persisted(relaunched)?.key?.thumbprint == key.thumbprint)

            let paths = ["/auth/signup", "/auth/login", "/auth/token/refresh"]
            let logged = try bed.requests(to: "/auth/").filter { paths.contains($0.path) }
            #expect(
                logged.map(\.path) == ["/auth/signup", "/auth/login", "/auth/token/refresh", "/auth/token/refresh"])
            #expect(logged.allSatisfy { $0.status == 200 })
            let bound = wire.requests.filter { paths.contains($0.url.path) }
            #expect(bound.map(\.url.path) == logged.map(\.path))
            var jtis: Set<String> = []
            for request in bound {
                let proof = try #require(request.headers["DPoP"], "\(request.url.path) has no proof")
                // The log holds this proof's fingerprint, never the proof.
                #expect(logged.contains { $0.header("DPoP", carried: proof) })
                let parsed = try DPoPProofView(proof)
                #expect(parsed.header["typ"] == "dpop+jwt")
                #expect(parsed.header["alg"] == "ES256")
                #expect(parsed.key.jwkThumbprint == key.thumbprint, "\(request.url.path): the persisted key")
                #expect(parsed.verifies, "\(request.url.path): the signature verifies")
                #expect(parsed.claims["htm"] == "POST")
                #expect(parsed.claims["htu"]?.stringValue == bed.baseURL.absoluteString + request.url.path)
                let iat = try #require(parsed.claims["iat"]?.doubleValue)
                #expect(abs(iat - Date().timeIntervalSince1970) < 600)
                jtis.insert(try #require(parsed.claims["jti"]?.stringValue))
            }
            #expect(jtis.count == bound.count, "every proof is fresh")
            let sessions = try await bed.sessions(of: user.id)
            #expect(sessions.allSatisfy { $0["dpop_jkt"]?.stringValue == key.thumbprint })
            for request in try bed.requests(to: "/auth/") where request.path == "/auth/me" {
                #expect(request.header("DPoP") == nil, "no proof off the three binding paths")
            }
        }
    }
}

/// A DPoP proof taken apart by the test, independently of the SDK's signer.
struct DPoPProofView {
    let header: [String: AnyCodableValue]
    let claims: [String: AnyCodableValue]
    let key: P256PublicKey
    let verifies: Bool

    init(_ proof: String) throws {
        let parts = proof.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3)
        header = try JSONDecoder().decode(
            [String: AnyCodableValue].self, from: try #require(Base64URL.decode(parts[0])))
        claims = try JSONDecoder().decode(
            [String: AnyCodableValue].self, from: try #require(Base64URL.decode(parts[1])))
        let jwk = try #require(header["jwk"]?.objectValue)
        key = try P256PublicKey(
            jwk: P256PublicKey.JWK(
                kty: try #require(jwk["kty"]?.stringValue), crv: try #require(jwk["crv"]?.stringValue),
                x: try #require(jwk["x"]?.stringValue), y: try #require(jwk["y"]?.stringValue)))
        #expect(jwk["d"] == nil, "no private key in the proof")
        verifies = key.isValidSignature(
            try #require(Base64URL.decode(parts[2])), for: Data("\(parts[0]).\(parts[1])".utf8))
    }
}
