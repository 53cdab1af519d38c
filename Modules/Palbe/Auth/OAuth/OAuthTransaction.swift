import Foundation

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
