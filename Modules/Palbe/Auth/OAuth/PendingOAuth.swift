import Foundation
import SDKCrypto

/// The completion proof of one OAuth transaction as the secure store keeps it: the PKCE verifier,
/// the `state`, the transaction id and the redirect URI, and, once a callback was accepted, its code
/// (so a completion that failed on the way can be retried).
package struct PendingOAuth: Codable, Sendable, Equatable {
    package let transactionID: String
    package let provider: OAuthProvider
    package let authorizeURL: URL
    package let redirectURI: URL
    package let isLink: Bool
    package let verifier: String
    package let state: String
    /// Unix seconds; a transaction older than ``lifetime`` is dropped from the store.
    package let createdAt: Int64
    /// The authorization code of the accepted callback, nil until then.
    package var code: String?

    /// Longer than the auth service keeps a transaction, so the store never drops one it still knows.
    static let lifetime: Int64 = 30 * 60

    /// A new transaction's proof: a verifier of 32 random bytes (43 base64url characters, RFC 7636 §4.1)
    /// and a `state` of 16, both from the CSPRNG.
    static func fresh() -> (verifier: String, challenge: String, state: String) {
        let verifier = Base64URL.encode(SecureRandom.bytes(32))
        return (verifier, challenge(for: verifier), Base64URL.encode(SecureRandom.bytes(16)))
    }

    /// The S256 challenge of `verifier`: base64url(SHA-256(ASCII verifier)).
    static func challenge(for verifier: String) -> String {
        Base64URL.encode(SHA256.hash(Data(verifier.utf8)))
    }

    /// What the app may hold.
    package var transaction: OAuthTransaction {
        OAuthTransaction(
            id: transactionID, provider: provider, authorizeURL: authorizeURL, redirectURI: redirectURI, isLink: isLink)
    }
}

extension PendingOAuth: CustomStringConvertible, CustomReflectable {
    /// The provider and id only: the verifier, state and code never reach a description.
    package var description: String { "PendingOAuth(\(provider.rawValue), \(transactionID))" }

    /// No children, so `dump` and `Mirror` show no secret.
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
