#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Foundation
    #if canImport(UIKit)
        import UIKit
    #elseif canImport(AppKit)
        import AppKit
    #endif

    /// Presents the provider page in `ASWebAuthenticationSession` and returns its callback: the default
    /// presenter on Apple platforms. The redirect URI is the registered `oauth_redirect_uri`; its
    /// scheme is the callback scheme the session listens for.
    ///
    /// A dismissed sheet is ``OAuthPresenterError/cancelled`` (`oauth_cancelled` to the caller).
    @MainActor
    final class WebAuthenticationSessionPresenter: NSObject, OAuthPresenter,
        ASWebAuthenticationPresentationContextProviding
    {
        /// The running session, kept alive until it completes.
        private var current: ASWebAuthenticationSession?

        nonisolated override init() {
            super.init()
        }

        nonisolated func present(
            registeredRedirectURI: URL?, authorize: @escaping @Sendable (URL) async throws -> URL
        ) async throws -> URL {
            guard let redirect = registeredRedirectURI, let scheme = redirect.scheme else {
                throw OAuthPresenterError.unusableRedirectURI(
                    reason: "register oauth_redirect_uri in Palbase-Info.plist")
            }
            let page = try await authorize(redirect)
            return try await show(page, callbackScheme: scheme)
        }

        private func show(_ page: URL, callbackScheme: String) async throws -> URL {
            try await withCheckedThrowingContinuation { continuation in
                let session = ASWebAuthenticationSession(url: page, callbackURLScheme: callbackScheme) { url, error in
                    Task { @MainActor in self.current = nil }
                    if let url {
                        continuation.resume(returning: url)
                    } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                        continuation.resume(throwing: OAuthPresenterError.cancelled)
                    } else {
                        continuation.resume(
                            throwing: OAuthPresenterError.unavailable(
                                reason: error.map { String(describing: $0) } ?? "no callback"))
                    }
                }
                session.presentationContextProvider = self
                session.prefersEphemeralWebBrowserSession = false
                current = session
                if !session.start() {
                    current = nil
                    continuation.resume(
                        throwing: OAuthPresenterError.unavailable(reason: "ASWebAuthenticationSession did not start"))
                }
            }
        }

        nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
            MainActor.assumeIsolated {
                #if canImport(UIKit)
                    UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
                        .first(where: \.isKeyWindow) ?? ASPresentationAnchor()
                #else
                    NSApplication.shared.keyWindow ?? ASPresentationAnchor()
                #endif
            }
        }
    }
#endif
