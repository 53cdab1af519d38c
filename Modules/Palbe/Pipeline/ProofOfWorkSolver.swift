import ErrorCore
import Foundation
import SDKCrypto

/// A `pow_required` challenge: `{"challenge_id", "seed": "<base64url>", "difficulty": N}`.
package struct ProofOfWorkChallenge: Sendable, Equatable {
    /// The id echoed as `X-PoW-Challenge-ID`.
    package let challengeID: String
    /// The bytes the nonce is appended to.
    package let seed: Data
    /// Leading zero bits required.
    package let difficulty: Int

    /// The challenge in a 403's `data`, or `nil` when it is not a well-formed one.
    package init?(_ data: AnyCodableValue?) {
        guard let object = data?.objectValue, let id = object["challenge_id"]?.stringValue?.nonBlank,
            let seedText = object["seed"]?.stringValue, let seed = Base64URL.decode(seedText),
            let difficulty = object["difficulty"]?.intValue
        else { return nil }
        challengeID = id
        self.seed = seed
        self.difficulty = difficulty
    }
}

/// A solved challenge, sent as `X-PoW-Challenge-ID` and `X-PoW-Nonce`.
package struct ProofOfWorkSolution: Sendable, Equatable {
    /// The challenge solved.
    package let challengeID: String
    /// The decimal nonce.
    package let nonce: String
}

/// Finds a decimal nonce such that SHA-256(seed ‖ UTF-8 nonce) starts with `difficulty` zero bits.
package enum ProofOfWorkSolver {
    /// The hardest challenge the client takes on: 2^28 hashes is minutes on a phone, beyond any
    /// latency a user would wait through. Harder ones are surfaced as the 403 they came in.
    package static let maximumDifficulty = 28

    /// The solution, or `nil` when the challenge is harder than ``maximumDifficulty`` or nonsensical.
    ///
    /// Yields every few thousand hashes so other tasks run, and throws `CancellationError` when the
    /// calling task is cancelled.
    package static func solve(_ challenge: ProofOfWorkChallenge) async throws -> ProofOfWorkSolution? {
        guard (0...maximumDifficulty).contains(challenge.difficulty) else { return nil }
        var prefix = SHA256.Hasher()
        prefix.update(challenge.seed)
        var nonce: UInt64 = 0
        while true {
            let text = String(nonce)
            var attempt = prefix.copy()
            attempt.update(Data(text.utf8))
            if leadingZeroBits(attempt.finalize()) >= challenge.difficulty {
                return ProofOfWorkSolution(challengeID: challenge.challengeID, nonce: text)
            }
            nonce += 1
            if nonce % 4096 == 0 {
                try Task.checkCancellation()
                await Task.yield()
            }
        }
    }

    /// The number of leading zero bits of `digest`.
    static func leadingZeroBits(_ digest: Data) -> Int {
        var count = 0
        for byte in digest {
            guard byte == 0 else { return count + byte.leadingZeroBitCount }
            count += 8
        }
        return count
    }
}
