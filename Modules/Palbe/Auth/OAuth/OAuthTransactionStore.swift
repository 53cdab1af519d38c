import Dispatch
import Foundation
import SDKCrypto

// An OAuth round trip in flight: the transaction the backend opened, what the SDK keeps of it, and the
// store that keeps it across a relaunch.

// MARK: - OAuthTransactionStore

/// The pending OAuth transactions of one environment, as one item in the secure store the session
/// lives in (`palbe-oauth-` and the session item's environment digest).
///
/// Every read-modify-write runs on one process-wide serial queue, off the cooperative pool (a Keychain
/// or file call blocks), so two clients of the same environment (an app and its relaunch in a test)
/// never lose each other's writes.
package struct OAuthTransactionStore: Sendable {
    let store: any SecureStore
    let key: String
    let clock: @Sendable () -> Int64

    private static let queue = DispatchQueue(label: "studio.palbase.auth.oauth-store")

    /// The store `client` keeps its session in, under the environment's OAuth item.
    package init(client: PalbeClient) {
        store = client.session.persistence.store
        let sessionKey = SessionStorage.itemKey(for: client.configuration)
        key = "palbe-oauth-" + sessionKey.dropFirst("palbe-session-".count)
        clock = { Int64(Date().timeIntervalSince1970) }
    }

    /// Every live pending transaction.
    package func all() async throws -> [PendingOAuth] {
        try await run { try self.read() }
    }

    /// The pending transaction `id`, if it is stored.
    package func pending(_ id: String) async throws -> PendingOAuth? {
        try await all().first { $0.transactionID == id }
    }

    /// Stores `pending`, replacing a stored one with its id.
    package func save(_ pending: PendingOAuth) async throws {
        try await run {
            var list = try self.read().filter { $0.transactionID != pending.transactionID }
            list.append(pending)
            try self.write(list)
        }
    }

    /// Deletes the transaction `id`; deleting a missing one is not an error.
    package func remove(_ id: String) async throws {
        try await run {
            let list = try self.read()
            let kept = list.filter { $0.transactionID != id }
            if kept.count != list.count { try self.write(kept) }
        }
    }

    /// The stored list without expired entries; an unreadable item counts as empty (it holds only
    /// proofs of transactions that can be started again).
    private func read() throws -> [PendingOAuth] {
        guard let data = try store.read(key) else { return [] }
        let list = (try? JSONDecoder().decode([PendingOAuth].self, from: data)) ?? []
        let now = clock()
        return list.filter { now - $0.createdAt < PendingOAuth.lifetime }
    }

    private func write(_ list: [PendingOAuth]) throws {
        if list.isEmpty {
            try store.delete(key)
        } else {
            try store.write(try JSONEncoder().encode(list), for: key)
        }
    }

    private func run<T: Sendable>(_ operation: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Self.queue.async { continuation.resume(with: Result { try operation() }) }
        }
    }
}

/// The store as the OAuth flow uses it: a failure to keep the proof stops the flow before any provider
/// UI is shown, as ``AuthError/http(status:code:message:requestId:)`` `oauth_store_unavailable`.
extension OAuthTransactionStore {
    func loadPending(_ id: String) async throws(AuthError) -> PendingOAuth? {
        do { return try await pending(id) } catch { throw Self.unavailable(error) }
    }

    func loadAll() async throws(AuthError) -> [PendingOAuth] {
        do { return try await all() } catch { throw Self.unavailable(error) }
    }

    func store(_ pending: PendingOAuth) async throws(AuthError) {
        do { try await save(pending) } catch { throw Self.unavailable(error) }
    }

    /// Deletes the transaction; a store that refuses leaves an entry that expires on its own.
    func discard(_ id: String) async {
        try? await remove(id)
    }

    private static func unavailable(_ error: any Error) -> AuthError {
        let detail = (error as? SecureStoreError).map { " (\($0.operation) failed)" } ?? ""
        return .oauthLocal("oauth_store_unavailable", message: "The secure store is unavailable" + detail)
    }
}

// MARK: - PendingOAuth

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
    /// A native transaction's nonce (from `/auth/oauth/authorize`); nil for the browser transaction.
    package var nonce: String?
    /// A native transaction's provider token endpoint, where the code is redeemed; nil for Apple's own sheet.
    package var tokenEndpoint: URL?
    /// The provider's ID token, once the provider gave it: what a retried completion presents again.
    package var idToken: String?
    /// Apple's name for the account, given on the first authorization only.
    package var name: PersonName?

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

// MARK: - OAuthTransaction

/// An OAuth sign-in or link in progress, for apps that present the provider themselves
/// (``AuthNamespace/beginOAuth(_:linking:)``).
///
/// It carries nothing secret: the PKCE verifier and the `state` stay in the secure store, written
/// before ``authorizeURL`` is handed out and deleted when the transaction ends (completed, refused
/// or cancelled). The store survives a relaunch, so a callback that arrives in a new process is
/// completed with ``AuthNamespace/resumeOAuth(callback:)``.
public struct OAuthTransaction: Sendable, Hashable, CustomStringConvertible {
    /// The auth service's id of the transaction.
    public let id: String
    /// The provider it signs in with.
    public let provider: OAuthProvider
    /// The provider page to present.
    public let authorizeURL: URL
    /// Where the provider sends the callback: only a callback with exactly this scheme, host, port and
    /// path is accepted.
    public let redirectURI: URL
    /// Whether completing it links the provider to the signed-in account instead of signing in.
    public let isLink: Bool

    /// `OAuthTransaction(google, <id>)`.
    public var description: String { "OAuthTransaction(\(provider.rawValue), \(id))" }
}
