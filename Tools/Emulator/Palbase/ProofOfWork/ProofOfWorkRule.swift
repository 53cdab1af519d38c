import EmulatorCore
import Foundation

/// Demands proof of work on every Palbase request whose path starts with `pathPrefix`.
package struct ProofOfWorkRule: Sendable, Equatable, Codable {
    /// The highest difficulty accepted; 2^24 hashes is already seconds of work for a client.
    package static let maximumDifficulty = 24

    /// A raw path prefix, e.g. `/auth/signup`.
    package var pathPrefix: String
    /// Leading zero bits required of SHA-256(seed ‖ nonce), 1…`maximumDifficulty`.
    package var difficulty: Int

    /// Creates a rule; throws `ProofOfWorkRule.Invalid` for an empty prefix or a difficulty out of range.
    package init(pathPrefix: String, difficulty: Int) throws(Invalid) {
        guard pathPrefix.hasPrefix("/") else { throw Invalid(reason: "the path prefix must start with /") }
        guard (1...Self.maximumDifficulty).contains(difficulty) else {
            throw Invalid(reason: "the difficulty must be 1…\(Self.maximumDifficulty) bits")
        }
        self.pathPrefix = pathPrefix
        self.difficulty = difficulty
    }

    /// Parses the CLI form `PREFIX:BITS`, e.g. `/auth/signup:12`.
    package init(parsing text: String) throws(Invalid) {
        guard let colon = text.lastIndex(of: ":"), let bits = Int(text[text.index(after: colon)...]) else {
            throw Invalid(reason: "expected PREFIX:BITS, e.g. /auth/signup:12")
        }
        try self.init(pathPrefix: String(text[..<colon]), difficulty: bits)
    }

    /// True when the rule covers `path`.
    package func matches(_ path: String) -> Bool { path.hasPrefix(pathPrefix) }

    /// A rule that could not be built, with the reason in words.
    package struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        package let reason: String
        /// The reason.
        package var description: String { reason }
    }
}
