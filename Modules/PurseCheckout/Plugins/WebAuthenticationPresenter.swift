#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Foundation
    import SDKTransport

    /// The Apple redirection presenter: the partner's page in an `ASWebAuthenticationSession`, which
    /// ends when the partner redirects to the return URL and hands that URL back.
    ///
    /// The return URL decides how the sheet listens: a custom scheme (`shop://purse-return`) on every
    /// supported system, an `https` universal link from iOS 17.4 / macOS 14.4 (earlier systems cannot
    /// match one, and the presenter says so at once rather than leave the sheet open).
    ///
    /// A session the shopper closes is ``PartnerUIFailure/cancelled``; one that cannot start (no
    /// presentation anchor, another sheet up) is ``PartnerUIFailure/unavailable(_:)``; a return URL the
    /// sheet cannot catch (`http`, or `https` before iOS 17.4) is ``PartnerUIFailure/fatal(_:)``.
    public struct WebAuthenticationPresenter: RedirectionPresenter {
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor

        /// A presenter showing the page over the app's key window (a new window in an app extension).
        public init() {
            self.anchor = { PresentationWindow.anchor() }
        }

        /// A presenter showing the page over the window `anchor` returns.
        public init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.anchor = anchor
        }

        /// Shows `url`; returns the URL the partner redirected to.
        public func present(_ url: URL, returnURL: URL) async throws -> URL? {
            do {
                return try await BrowserRoundTrip.run(page: url, redirect: returnURL, anchor: anchor)
            } catch {
                switch error {
                case .cancelled: throw PartnerUIFailure.cancelled
                case .notStarted: throw PartnerUIFailure.unavailable(UnusableReturn(reason: "the sheet did not start"))
                case .unusableRedirect(let reason): throw PartnerUIFailure.fatal(UnusableReturn(reason: reason))
                case .failed(let underlying): throw PartnerUIFailure.fatal(underlying)
                }
            }
        }

        /// Why the sheet could not show the partner's page or catch its return.
        public struct UnusableReturn: Error, Sendable, CustomStringConvertible {
            /// What went wrong.
            public let reason: String
            /// The reason.
            public var description: String { reason }
        }
    }
#endif
