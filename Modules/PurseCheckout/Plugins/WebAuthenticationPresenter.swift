#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Foundation

    /// The Apple redirection presenter: the partner's page in an `ASWebAuthenticationSession`, which
    /// ends when the partner redirects to the return URL's scheme and hands that URL back.
    ///
    /// A session the shopper closes is ``PartnerUIFailure/cancelled``; one that cannot start
    /// (no presentation anchor, no browser) is ``PartnerUIFailure/unavailable(_:)``.
    @available(iOS 17.4, macOS 14.4, *)
    public struct WebAuthenticationPresenter: RedirectionPresenter {
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor

        /// A presenter showing the page over the window `anchor` returns.
        public init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.anchor = anchor
        }

        /// Shows `url`; returns the URL the partner redirected to.
        public func present(_ url: URL, returnURL: URL) async throws -> URL? {
            try await MainActor.run { Provider(anchor: anchor()) }.run(url: url, returnURL: returnURL)
        }

        @MainActor
        private final class Provider: NSObject, ASWebAuthenticationPresentationContextProviding {
            let window: ASPresentationAnchor
            /// The session must be kept alive while it shows the page.
            private var session: ASWebAuthenticationSession?

            init(anchor: ASPresentationAnchor) {
                window = anchor
            }

            nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
                MainActor.assumeIsolated { window }
            }

            func run(url: URL, returnURL: URL) async throws -> URL? {
                let callback: ASWebAuthenticationSession.Callback =
                    if returnURL.scheme == "https", let host = returnURL.host() {
                        .https(host: host, path: returnURL.path())
                    } else {
                        .customScheme(returnURL.scheme ?? "")
                    }
                return try await withCheckedThrowingContinuation { continuation in
                    let session = ASWebAuthenticationSession(url: url, callback: callback) { returned, error in
                        if let returned {
                            continuation.resume(returning: returned)
                        } else if let error = error as? ASWebAuthenticationSessionError,
                            error.code == .canceledLogin
                        {
                            continuation.resume(throwing: PartnerUIFailure.cancelled)
                        } else {
                            continuation.resume(throwing: PartnerUIFailure.fatal(error ?? CancellationError()))
                        }
                    }
                    session.presentationContextProvider = self
                    self.session = session
                    if !session.start() {
                        continuation.resume(throwing: PartnerUIFailure.unavailable(CancellationError()))
                    }
                }
            }
        }
    }
#endif
