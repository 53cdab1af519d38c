import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

/// Decides which Palbase requests must carry a solved challenge, issues challenges and verifies them.
///
/// Rules live in memory (configuration plus admin changes; `reset` restores the configured ones);
/// challenges live in `pow_challenges`, are single-use (deleted on the first attempt, right or wrong)
/// and expire after five minutes.
final class ProofOfWorkGate: Sendable {
    static let challengeLifetime: TimeInterval = 300
    static let challengeHeader = "X-PoW-Challenge-ID"
    static let nonceHeader = "X-PoW-Nonce"

    /// The rules in force (the admin API and `reset` change them).
    let rules: PathPrefixRules<ProofOfWorkRule>
    private let store: SQLiteDatabase

    init(rules: [ProofOfWorkRule], store: SQLiteDatabase) {
        self.rules = PathPrefixRules(rules)
        self.store = store
    }

    /// Returns when `path` needs no proof or the request carries a valid, unused solution; otherwise throws
    /// 403 `pow_required` with a fresh challenge in `data`.
    func check(path: String, headers: HTTPHeaders) throws {
        guard let rule = rules.rule(for: path) else { return }
        guard let challengeID = headers[Self.challengeHeader], let nonce = headers[Self.nonceHeader] else {
            throw try challenge(rule, description: "Proof of work required")
        }
        guard try consume(challengeID, nonce: nonce, path: path, minimumDifficulty: rule.difficulty) else {
            throw try challenge(rule, description: "Proof of work invalid, expired or already used")
        }
    }

    /// Deletes the challenge and tells whether `nonce` solved it for this path and difficulty.
    private func consume(_ id: String, nonce: String, path: String, minimumDifficulty: Int) throws -> Bool {
        try store.transaction {
            guard let row = try store.query("SELECT * FROM pow_challenges WHERE id = ?", [.text(id)]).first else {
                return false
            }
            try store.execute("DELETE FROM pow_challenges WHERE id = ?", [.text(id)])
            guard let seed = row.data("seed"), let difficulty = row.int("difficulty"),
                let prefix = row.string("path_prefix"), let expiry = row.double("expires_at")
            else { return false }
            return expiry > Date().timeIntervalSince1970 && path.hasPrefix(prefix) && difficulty >= minimumDifficulty
                && ProofOfWork.isSolution(seed: seed, nonce: nonce, difficulty: difficulty)
        }
    }

    /// Stores a new challenge for `rule` and returns the error that carries it.
    private func challenge(_ rule: ProofOfWorkRule, description: String) throws -> PalbaseHTTPError {
        let id = "pow_" + UUID().uuidString.lowercased()
        let seed = SecureRandom.bytes(16)
        let now = Date().timeIntervalSince1970
        try store.transaction {
            try store.execute("DELETE FROM pow_challenges WHERE expires_at <= ?", [.real(now)])
            try store.execute(
                "INSERT INTO pow_challenges (id, seed, difficulty, path_prefix, expires_at) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(id), .blob(seed), .integer(Int64(rule.difficulty)), .text(rule.pathPrefix),
                    .real(now + Self.challengeLifetime),
                ])
        }
        let data: AnyCodableValue = .object([
            "challenge_id": .string(id), "seed": .string(Base64URL.encode(seed)), "difficulty": .int(rule.difficulty),
        ])
        return PalbaseHTTPError(status: 403, code: "pow_required", description: description, data: data)
    }
}
