import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// The proof-of-work puzzle of the Palbase contract: find a decimal `nonce` such that
/// SHA-256(seed ‖ UTF-8 nonce) starts with `difficulty` zero bits.
package enum ProofOfWork {
    /// True when `nonce` (1–20 ASCII digits) solves the puzzle for `seed` at `difficulty`.
    package static func isSolution(seed: Data, nonce: String, difficulty: Int) -> Bool {
        guard (1...20).contains(nonce.utf8.count), nonce.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return false
        }
        return leadingZeroBits(SHA256.hash(seed + Data(nonce.utf8))) >= difficulty
    }

    /// The smallest nonce that solves the puzzle (what a client does; tests and `sdk demo` use it).
    package static func solve(seed: Data, difficulty: Int) -> String {
        var nonce = 0
        while !isSolution(seed: seed, nonce: String(nonce), difficulty: difficulty) { nonce += 1 }
        return String(nonce)
    }

    /// The number of leading zero bits of `digest`.
    static func leadingZeroBits(_ digest: Data) -> Int {
        var count = 0
        for byte in digest {
            if byte == 0 {
                count += 8
            } else {
                return count + byte.leadingZeroBitCount
            }
        }
        return count
    }
}
