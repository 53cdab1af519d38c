import Foundation

// How the provider's page is shown: the presenter seam, and `ASWebAuthenticationSession`'s on Apple
// platforms.

// MARK: - OAuthPresenter

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

// MARK: - WebAuthenticationSessionPresenter

#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Foundation
    import SDKTransport

    /// Presents the provider page in `ASWebAuthenticationSession` and returns its callback: the default
    /// presenter on Apple platforms. The redirect URI is the registered `oauth_redirect_uri`: a custom
    /// scheme everywhere, an `https` universal link from iOS 17.4 / macOS 14.4 (see `BrowserRoundTrip`).
    /// A redirect the sheet cannot catch is refused before the backend's transaction is created.
    ///
    /// The sheet is shown over the app's key window (a new window in an app extension, which has no
    /// shared application). A dismissed sheet is ``OAuthPresenterError/cancelled`` (`oauth_cancelled`
    /// to the caller).
    struct WebAuthenticationSessionPresenter: OAuthPresenter {
        func present(
            registeredRedirectURI: URL?, authorize: @escaping @Sendable (URL) async throws -> URL
        ) async throws -> URL {
            guard let redirect = registeredRedirectURI else {
                throw OAuthPresenterError.unusableRedirectURI(
                    reason: "register oauth_redirect_uri in Palbase-Info.plist")
            }
            do {
                try BrowserRoundTrip.check(redirect: redirect)
                let page = try await authorize(redirect)
                return try await BrowserRoundTrip.run(page: page, redirect: redirect, anchor: PresentationWindow.anchor)
            } catch let failure as BrowserRoundTrip.Failure {
                switch failure {
                case .cancelled: throw OAuthPresenterError.cancelled
                case .unusableRedirect(let reason): throw OAuthPresenterError.unusableRedirectURI(reason: reason)
                case .notStarted:
                    throw OAuthPresenterError.unavailable(reason: "ASWebAuthenticationSession did not start")
                case .failed(let error): throw OAuthPresenterError.unavailable(reason: String(describing: error))
                }
            }
        }
    }
#endif
