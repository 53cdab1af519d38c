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
