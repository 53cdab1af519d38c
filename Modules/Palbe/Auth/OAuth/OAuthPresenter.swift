import Foundation

/// Shows a provider's page and hands back the callback URL it redirected to: the seam between
/// `pb.auth`'s OAuth flows and whatever can show a web page.
///
/// The SDK ships `ASWebAuthenticationSession` on Apple platforms and ``LoopbackOAuthPresenter`` (a
/// loopback redirect listener, RFC 8252, and an opener you supply) elsewhere.
///
/// A presenter picks the redirect URI first (from the registered one), calls `authorize` with it, and
/// presents the URL that returns. `authorize` stores the transaction in the secure store before it
/// returns, so nothing is shown before the completion proof is safe.
public protocol OAuthPresenter: Sendable {
    /// Runs one presentation.
    ///
    /// - Parameters:
    ///   - registeredRedirectURI: the app's `oauth_redirect_uri` from `Palbase-Info.plist`, if any.
    ///   - authorize: given the redirect URI the callback will arrive on, begins the transaction and
    ///     returns the provider page to show. Rethrow what it throws.
    /// - Returns: the callback URL the provider redirected to, unmodified.
    /// - Throws: ``OAuthPresenterError/cancelled`` when the user dismissed the page; what `authorize`
    ///   threw; any other error for a presentation that failed.
    func present(
        registeredRedirectURI: URL?, authorize: @escaping @Sendable (URL) async throws -> URL
    ) async throws -> URL
}

/// Why a presentation did not produce a callback.
public enum OAuthPresenterError: Error, Sendable, Equatable {
    /// The user dismissed the provider page.
    case cancelled
    /// No callback arrived in time.
    case timedOut
    /// The presenter cannot use the redirect URI (`reason` says why), or there is none.
    case unusableRedirectURI(reason: String)
    /// The presenter could not start (a listener that did not bind, an opener that failed).
    case unavailable(reason: String)
}
