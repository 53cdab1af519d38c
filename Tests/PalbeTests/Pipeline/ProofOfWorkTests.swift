import EmulatorPalbase
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import Testing

/// A 403 `pow_required` is solved and the request repeated once with the solution.
@Suite struct ProofOfWorkTests {
    @Test func challengeIsSolvedAndTheRequestRepeatedOnce() async throws {
        try await withPalbe { bed in
            bed.emulator.setProofOfWork(try ProofOfWorkRule(pathPrefix: "/todos", difficulty: 10))
            let client = bed.client()
            client.configure(onError: bed.recorder.hook)
            let todo: Todo = try await client.call("todos", CreateTodoInput(title: "worked for it"))
            #expect(todo.title == "worked for it")

            let sent = try bed.requests(to: "/todos")
            try #require(sent.count == 2)
            #expect(sent[0].status == 403)
            #expect(sent[0].header("X-PoW-Challenge-ID") == nil)
            #expect(sent[1].status == 201)
            let challengeID = try #require(sent[1].header("X-PoW-Challenge-ID"))
            let nonce = try #require(sent[1].header("X-PoW-Nonce"))
            #expect(challengeID.hasPrefix("pow_"))
            let isDecimal = nonce.allSatisfy(\.isNumber)
            #expect(isDecimal)
            #expect(sent[0].body == sent[1].body, "the same request, plus the two headers")
            #expect(bed.recorder.hookErrors.isEmpty)
        }
    }

    @Test func aSecondChallengeIsNotSolved() async throws {
        try await withPalbe { bed in
            let challenge = #"{"error":"pow_required","data":{"challenge_id":"pow_x","seed":"AAEC","difficulty":1}}"#
            let error = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await bed.client().call(
                    "probe/answer", AnyCodableValue.object(["status": 403, "body": .string(challenge)]),
                    method: .get)
            }
            #expect(error?.code == "pow_required")
            #expect(error?.statusCode == 403)
            let sent = try bed.requests(to: "/probe")
            #expect(sent.count == 2)
            #expect(sent[1].header("X-PoW-Challenge-ID") == "pow_x")
        }
    }

    @Test(arguments: [
        #"{"error":"pow_required","data":{"challenge_id":"pow_x","seed":"AAEC","difficulty":200}}"#,
        #"{"error":"pow_required","data":{"challenge_id":"pow_x","seed":"not base64!","difficulty":4}}"#,
        #"{"error":"pow_required"}"#,
    ])
    func unsolvableChallengesSurfaceAsServer(_ body: String) async throws {
        try await withPalbe { bed in
            let error = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await bed.client().call(
                    "probe/answer", AnyCodableValue.object(["status": 403, "body": .string(body)]), method: .get)
            }
            #expect(error?.code == "pow_required")
            #expect(bed.sent(to: "/probe").count == 1)
        }
    }

    @Test func solutionsMeetTheirDifficulty() async throws {
        for difficulty in [0, 1, 8, 12] {
            let seed = Data("seed-\(difficulty)".utf8)
            let challenge = try #require(
                ProofOfWorkChallenge(
                    .object([
                        "challenge_id": "pow_t", "seed": .string(Base64URL.encode(seed)),
                        "difficulty": .int(difficulty),
                    ])))
            let solution = try #require(try await ProofOfWorkSolver.solve(challenge))
            #expect(solution.challengeID == "pow_t")
            #expect(ProofOfWork.isSolution(seed: seed, nonce: solution.nonce, difficulty: difficulty))
        }
    }
}
