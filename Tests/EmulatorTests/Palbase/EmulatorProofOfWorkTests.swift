import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

@Suite struct EmulatorProofOfWorkTests {
    struct Challenge {
        let id: String
        let seed: Data
        let difficulty: Int
    }

    /// Reads the challenge out of a 403 `pow_required` envelope.
    static func challenge(in response: EmulatorTestResponse) throws -> Challenge {
        try EmulatorPalbaseTests.expectEnvelope(response, status: 403, code: "pow_required")
        let data = try #require(response.jsonObject()?["data"] as? [String: Any])
        return Challenge(
            id: try #require(data["challenge_id"] as? String),
            seed: try #require(Base64URL.decode(data["seed"] as? String ?? "")),
            difficulty: try #require(data["difficulty"] as? Int))
    }

    static func solution(_ challenge: Challenge) -> [String: String] {
        [
            "X-PoW-Challenge-ID": challenge.id,
            "X-PoW-Nonce": ProofOfWork.solve(seed: challenge.seed, difficulty: challenge.difficulty),
        ]
    }

    @Test func offByDefault() async throws {
        try await withEmulator { server, client async throws in
            #expect(server.proofOfWorkRules.isEmpty)
            #expect(try await client.send("GET", "/whoami").status == 200)
        }
    }

    @Test func configuredRuleDemandsASolvedSingleUseChallenge() async throws {
        var configuration = EmulatorConfiguration.testing(palbaseHandlers: [NotesHandler()])
        configuration.proofOfWork = [try ProofOfWorkRule(parsing: "/notes:8")]
        try await withEmulator(configuration) { _, client async throws in
            // Other paths are untouched.
            #expect(try await client.send("GET", "/whoami").status == 200)

            let challenge = try Self.challenge(
                in: try await client.send("POST", "/notes", json: #"{"id":"p","text":"t"}"#))
            #expect(challenge.difficulty == 8)
            #expect(challenge.seed.count == 16)

            let solved = Self.solution(challenge)
            let accepted = try await client.send("POST", "/notes", headers: solved, json: #"{"id":"p","text":"t"}"#)
            #expect(accepted.status == 201)

            // Replaying the same solution gets a fresh challenge, not the route.
            let replay = try await client.send("GET", "/notes/p", headers: solved)
            let next = try Self.challenge(in: replay)
            #expect(next.id != challenge.id)
        }
    }

    @Test func wrongOrUnknownSolutionsAreRefused() async throws {
        var configuration = EmulatorConfiguration.testing(palbaseHandlers: [NotesHandler()])
        configuration.proofOfWork = [try ProofOfWorkRule(pathPrefix: "/whoami", difficulty: 12)]
        try await withEmulator(configuration) { _, client async throws in
            let challenge = try Self.challenge(in: try await client.send("GET", "/whoami"))
            var nonce = 0
            while ProofOfWork.isSolution(seed: challenge.seed, nonce: String(nonce), difficulty: 12) { nonce += 1 }
            let wrong = ["X-PoW-Challenge-ID": challenge.id, "X-PoW-Nonce": String(nonce)]
            _ = try Self.challenge(in: try await client.send("GET", "/whoami", headers: wrong))
            // The wrong attempt used the challenge up: even the right answer is now refused.
            _ = try Self.challenge(in: try await client.send("GET", "/whoami", headers: Self.solution(challenge)))

            let unknown = ["X-PoW-Challenge-ID": "pow_nope", "X-PoW-Nonce": "1"]
            _ = try Self.challenge(in: try await client.send("GET", "/whoami", headers: unknown))
        }
    }

    @Test func adminAPISwitchesProofOfWorkOnAndOff() async throws {
        try await withEmulator { server, client async throws in
            let admin = try await client.send(
                "POST", "/__emulator/pow", json: #"{"path_prefix":"/whoami","difficulty":4}"#)
            #expect(admin.status == 200)
            let rules = try #require(admin.jsonObject()?["rules"] as? [[String: Any]])
            #expect(rules.count == 1)
            #expect(rules.first?["path_prefix"] as? String == "/whoami")
            #expect(rules.first?["difficulty"] as? Int == 4)
            #expect(server.proofOfWorkRules == [try ProofOfWorkRule(pathPrefix: "/whoami", difficulty: 4)])

            let challenge = try Self.challenge(in: try await client.send("GET", "/whoami"))
            #expect(challenge.difficulty == 4)
            #expect(try await client.send("GET", "/whoami", headers: Self.solution(challenge)).status == 200)

            let invalid = try await client.send(
                "POST", "/__emulator/pow", json: #"{"path_prefix":"/x","difficulty":99}"#)
            #expect(invalid.status == 400)
            #expect(invalid.jsonObject()?["error"] as? String == "invalid_pow_rule")

            #expect(try await client.send("DELETE", "/__emulator/pow?path_prefix=/whoami").status == 204)
            #expect(try await client.send("GET", "/whoami").status == 200)
        }
    }

    @Test func resetRestoresTheConfiguredRules() async throws {
        var configuration = EmulatorConfiguration.testing(palbaseHandlers: [NotesHandler()])
        configuration.proofOfWork = [try ProofOfWorkRule(pathPrefix: "/notes", difficulty: 2)]
        try await withEmulator(configuration) { server, client async throws in
            server.removeProofOfWork()
            server.setProofOfWork(try ProofOfWorkRule(pathPrefix: "/whoami", difficulty: 3))
            #expect(try await client.send("POST", "/__emulator/reset").status == 204)
            #expect(server.proofOfWorkRules == configuration.proofOfWork)
        }
    }
}
