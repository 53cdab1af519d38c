import ErrorCore
import Foundation

/// The seam in front of a partner's web page (PayPal, Klarna): opens the page and hands back the
/// URL the partner sent the shopper back to.
///
/// - Apple platforms: `WebAuthenticationPresenter` (`ASWebAuthenticationSession`), or the app's
///   own opener: a presenter that opens the URL and returns `nil`, the return then arriving through
///   the app's URL handler and `PurseHeadlessCheckout.handleReturn(url:)`.
/// - Linux (and the checkout's default everywhere): the emulator's partner page, followed over HTTP
///   (it approves).
///
/// Throw ``PartnerUIFailure`` to say how the page failed (``PartnerUIFailure/cancelled`` when the
/// shopper closed it before any return).
public protocol RedirectionPresenter: Sendable {
    /// Shows `url` and returns the URL the partner redirected to (one starting with `returnURL`),
    /// or `nil` when the return will arrive through the app's URL handler.
    func present(_ url: URL, returnURL: URL) async throws -> URL?
}

/// The app's opener as a presenter: `open` shows the page (`UIApplication.shared.open`, a custom
/// browser); the return arrives through the app's URL handler and `handleReturn(url:)`.
public struct OpenerRedirectionPresenter: RedirectionPresenter {
    private let open: @Sendable (URL) async throws -> Void

    /// A presenter that calls `open` with the partner's page.
    public init(open: @escaping @Sendable (URL) async throws -> Void) {
        self.open = open
    }

    /// Opens `url` and returns `nil`: the return comes through the app.
    public func present(_ url: URL, returnURL: URL) async throws -> URL? {
        try await open(url)
        return nil
    }
}

/// Whether `url` is a return to `registered`: same scheme and host (case-insensitive) and the same
/// path. The query and the fragment are the partner's.
func isReturn(_ url: URL, to registered: URL) -> Bool {
    guard let candidate = URLComponents(url: url, resolvingAgainstBaseURL: false),
        let expected = URLComponents(url: registered, resolvingAgainstBaseURL: false),
        let scheme = candidate.scheme, scheme.lowercased() == expected.scheme?.lowercased()
    else { return false }
    return (candidate.host ?? "").lowercased() == (expected.host ?? "").lowercased()
        && normalizedPath(candidate.path) == normalizedPath(expected.path)
}

/// `""` and `"/"` are the same root path.
private func normalizedPath(_ path: String) -> String {
    path.isEmpty ? "/" : path
}
