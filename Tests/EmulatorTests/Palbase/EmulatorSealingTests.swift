import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

@Suite struct EmulatorSealingTests {
    private static let sealed = ["X-Palbase-Sealed": "v1"]

    private func sealer(for server: EmulatorServer) throws -> TestSealer {
        TestSealer(serverKey: try P256PublicKey(x963Representation: server.sealingPublicKey), kid: server.sealingKeyID)
    }

    @Test(arguments: ["/auth/echo", "/v1/db/echo"])
    func sealedRoundTrip(path: String) async throws {
        try await withEmulator { server, client async throws in
            let sealer = try sealer(for: server)
            // A marker long enough that random base64url ciphertext cannot contain it by chance (a two-letter
            // one did, about once in forty runs).
            let body = try sealer.seal(Data(#"{"secret":"plaintext-must-not-leak"}"#.utf8), method: "POST", path: path)
            let response = try await client.send("POST", path, headers: Self.sealed, body: body)
            #expect(response.status == 200)
            #expect(response.header("X-Palbase-Sealed") == "v1")
            #expect(response.header("X-Request-Id") != nil)
            #expect(!response.text.contains("plaintext-must-not-leak"))
            #expect(!response.text.contains("secret"))
            let plaintext = try sealer.open(response.body, path: path)
            let decoded = try JSONSerialization.jsonObject(with: plaintext) as? [String: String]
            #expect(decoded == ["received": #"{"secret":"plaintext-must-not-leak"}"#])
            // The request log keeps the body as received: sealed.
            let logged = try #require(try server.recentRequests(limit: 1).last)
            #expect(logged.body == body)
        }
    }

    @Test func errorEnvelopeToASealedRequestIsSealedToo() async throws {
        try await withEmulator { server, client async throws in
            let sealer = try sealer(for: server)
            let body = try sealer.seal(Data("{}".utf8), method: "POST", path: "/auth/fail")
            let response = try await client.send("POST", "/auth/fail", headers: Self.sealed, body: body)
            #expect(response.status == 409)
            #expect(response.header("X-Palbase-Sealed") == "v1")
            let envelope = try JSONSerialization.jsonObject(with: try sealer.open(response.body, path: "/auth/fail"))
            let object = try #require(envelope as? [String: Any])
            #expect(object["error"] as? String == "echo_conflict")
            #expect(object["request_id"] as? String == response.header("X-Request-Id"))
        }
    }

    @Test(arguments: [
        "/auth/echo", "/auth/login", "/v1/db", "/v1/docs/x", "/v1/user-flags", "/v1/notifications/a",
        "/v1/analytics",
    ])
    func plainBodyOnASealedPathIsRefused(path: String) async throws {
        try await withEmulator { _, client async throws in
            let response = try await client.send("POST", path, json: #"{"email":"a@b.c"}"#)
            try EmulatorPalbaseTests.expectEnvelope(response, status: 400, code: "sealing_required")
        }
    }

    @Test func unsealedPathsAndBodylessRequestsNeedNoSealing() async throws {
        try await withEmulator { _, client async throws in
            #expect(try await client.send("POST", "/notes", json: #"{"id":"1","text":"t"}"#).status == 201)
            #expect(try await client.send("POST", "/v1/dbx", json: "{}").status == 404)
            // No body, nothing to seal: the route answers (here: unknown route).
            #expect(try await client.send("GET", "/auth/me").status == 404)
        }
    }

    enum Tamper: String, CaseIterable, Sendable {
        case flipCiphertextBit, wrongMethodInAAD, wrongPathInAAD, wrongKid, badVersion, notAnEnvelope, shortNonce,
            notAPoint, emptyBody, truncatedCiphertext
    }

    @Test(arguments: Tamper.allCases)
    func tamperedSealedBodyIsRefused(tamper: Tamper) async throws {
        try await withEmulator { server, client async throws in
            let sealer = try sealer(for: server)
            let path = "/auth/echo"
            let good = try sealer.seal(Data("{}".utf8), method: "POST", path: path)
            var envelope = try #require(try JSONSerialization.jsonObject(with: good) as? [String: Any])
            func set(_ key: String, _ value: Any) throws -> Data {
                envelope[key] = value
                return try JSONSerialization.data(withJSONObject: envelope)
            }
            let body: Data
            switch tamper {
            case .flipCiphertextBit:
                var ct = try #require(Base64URL.decode(envelope["ct"] as? String ?? ""))
                ct[0] ^= 0x01
                body = try set("ct", Base64URL.encode(ct))
            case .truncatedCiphertext:
                let ct = try #require(Base64URL.decode(envelope["ct"] as? String ?? ""))
                body = try set("ct", Base64URL.encode(ct.prefix(8)))
            case .wrongMethodInAAD:
                body = try sealer.seal(Data("{}".utf8), method: "PUT", path: path)
            case .wrongPathInAAD:
                body = try sealer.seal(Data("{}".utf8), method: "POST", path: "/auth/other")
            case .wrongKid:
                body = try set("kid", "k_0000000000000000")
            case .badVersion:
                body = try set("v", 2)
            case .notAnEnvelope:
                body = Data(#"{"email":"a@b.c"}"#.utf8)
            case .shortNonce:
                body = try set("nonce", Base64URL.encode(Data(count: 8)))
            case .notAPoint:
                body = try set("epk", Base64URL.encode(Data([4] + [UInt8](repeating: 1, count: 64))))
            case .emptyBody:
                body = Data()
            }
            let response = try await client.send("POST", path, headers: Self.sealed, body: body)
            try EmulatorPalbaseTests.expectEnvelope(response, status: 400, code: "sealing_invalid")
            #expect(response.header("X-Palbase-Sealed") == nil)
        }
    }

    @Test func unknownSealingVersionHeaderIsRefused() async throws {
        try await withEmulator { server, client async throws in
            let body = try sealer(for: server).seal(Data("{}".utf8), method: "POST", path: "/auth/echo")
            let response = try await client.send("POST", "/auth/echo", headers: ["X-Palbase-Sealed": "v2"], body: body)
            try EmulatorPalbaseTests.expectEnvelope(response, status: 400, code: "sealing_invalid")
        }
    }

    @Test func proofOfWorkChallengeToASealedRequestIsSealed() async throws {
        var configuration = EmulatorConfiguration.testing(palbaseHandlers: [NotesHandler()])
        configuration.proofOfWork = [try ProofOfWorkRule(pathPrefix: "/auth/echo", difficulty: 4)]
        try await withEmulator(configuration) { server, client async throws in
            let first = try sealer(for: server)
            let refused = try await client.send(
                "POST", "/auth/echo", headers: Self.sealed,
                body: try first.seal(Data("{}".utf8), method: "POST", path: "/auth/echo"))
            #expect(refused.status == 403)
            #expect(refused.header("X-Palbase-Sealed") == "v1")
            let envelope = try JSONSerialization.jsonObject(with: try first.open(refused.body, path: "/auth/echo"))
            let data = try #require((envelope as? [String: Any])?["data"] as? [String: Any])
            let challenge = EmulatorProofOfWorkTests.Challenge(
                id: try #require(data["challenge_id"] as? String),
                seed: try #require(Base64URL.decode(data["seed"] as? String ?? "")), difficulty: 4)

            let second = try sealer(for: server)
            let headers = Self.sealed.merging(EmulatorProofOfWorkTests.solution(challenge)) { $1 }
            let accepted = try await client.send(
                "POST", "/auth/echo", headers: headers,
                body: try second.seal(Data("{}".utf8), method: "POST", path: "/auth/echo"))
            #expect(accepted.status == 200)
            #expect(try second.open(accepted.body, path: "/auth/echo").isEmpty == false)
        }
    }
}
