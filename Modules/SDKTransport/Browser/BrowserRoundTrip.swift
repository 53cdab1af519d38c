import Foundation

#if canImport(AuthenticationServices)
    import AuthenticationServices
    import ErrorCore
#endif

/// One round trip through the system's web-authentication sheet (`ASWebAuthenticationSession`):
/// show a page, wait until it redirects to the app's redirect URI, return that URL.
///
/// Palbe's OAuth presenter and Purse's partner-page presenter both make this trip; it lives beside
/// the transport because it is the one exchange the SDKs make through the system browser.
///
/// - The redirect decides how the sheet listens. A custom scheme (`myapp://callback`) works on every
///   supported system. An `https` universal link needs iOS 17.4 / macOS 14.4, where
///   `ASWebAuthenticationSession.Callback.https(host:path:)` exists: before that the session takes
///   only a `callbackURLScheme`, which it documents as a custom scheme, so an `https` redirect would
///   never be matched and the sheet would stay up until the user closed it. There it fails at once
///   with ``Failure/unusableRedirect(_:)``, before any page is shown. An `http` redirect can never be
///   matched by the sheet (it is for a loopback listener) and fails the same way.
/// - Apple calls the completion handler on a thread of its choosing. Its type is not `@Sendable`,
///   so a closure written inside main-actor code would inherit the main actor's isolation and Swift 6
///   would trap when the system called it elsewhere; the handler here is made in a nonisolated
///   function, and resumes the caller exactly once through a lock.
/// - Cancelling the calling task cancels the session, which dismisses the sheet.
package enum BrowserRoundTrip {
    /// Why the trip ended without a redirect.
    package enum Failure: Error {
        /// The user closed the sheet (or the calling task was cancelled).
        case cancelled
        /// This system's sheet cannot catch the redirect URI; the reason says why.
        case unusableRedirect(String)
        /// The sheet did not start (no window to show it over, another sheet up).
        case notStarted
        /// The sheet ended with this error.
        case failed(any Error)
    }

    /// Throws unless this system's sheet can catch `redirect`: call it before creating anything
    /// (a backend transaction) that the trip would need.
    package static func check(redirect: URL) throws(Failure) {
        _ = try listener(for: redirect)
    }

    /// How the sheet recognises the redirect.
    enum Listener: Equatable {
        case customScheme(String)
        case https(host: String, path: String)
    }

    static func listener(for redirect: URL) throws(Failure) -> Listener {
        guard let scheme = redirect.scheme?.lowercased(), !scheme.isEmpty else {
            throw .unusableRedirect("the redirect URI has no scheme")
        }
        switch scheme {
        case "http":
            throw .unusableRedirect(
                "the system sheet cannot catch an http redirect: register a custom-scheme or https one")
        case "https":
            guard let host = redirect.host(percentEncoded: false), !host.isEmpty else {
                throw .unusableRedirect("the https redirect URI has no host")
            }
            guard #available(iOS 17.4, macOS 14.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *) else {
                throw .unusableRedirect(
                    "an https redirect needs iOS 17.4 or macOS 14.4: "
                        + "register a custom-scheme redirect for earlier systems")
            }
            let path = redirect.path(percentEncoded: false)
            return .https(host: host, path: path.isEmpty ? "/" : path)
        default:
            return .customScheme(scheme)
        }
    }
}

#if canImport(AuthenticationServices)
    extension BrowserRoundTrip {
        /// Shows `page` over the window `anchor` returns, and returns the URL it redirected to.
        ///
        /// - Parameter ephemeral: ask the browser not to share cookies with Safari (no single sign-on).
        @MainActor
        package static func run(
            page: URL, redirect: URL, ephemeral: Bool = false, anchor: @MainActor () -> ASPresentationAnchor
        ) async throws(Failure) -> URL {
            let listener = try listener(for: redirect)
            let context = PresentationContext(window: anchor())
            let result: Result<URL, Failure> = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let once = ResumeOnce(continuation)
                    let session = makeSession(page: page, listener: listener, handler: completion(resuming: once))
                    session.presentationContextProvider = context
                    session.prefersEphemeralWebBrowserSession = ephemeral
                    context.session = session
                    if !session.start() { once.resume(.failure(.notStarted)) }
                }
            } onCancel: {
                Task { @MainActor in context.session?.cancel() }
            }
            context.session = nil
            return try result.get()
        }

        // MARK: - Internals

        @MainActor
        private static func makeSession(
            page: URL, listener: Listener, handler: @escaping ASWebAuthenticationSession.CompletionHandler
        ) -> ASWebAuthenticationSession {
            if #available(iOS 17.4, macOS 14.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *) {
                let callback: ASWebAuthenticationSession.Callback =
                    switch listener {
                    case .customScheme(let scheme): .customScheme(scheme)
                    case .https(let host, let path): .https(host: host, path: path)
                    }
                return ASWebAuthenticationSession(url: page, callback: callback, completionHandler: handler)
            }
            // `listener(for:)` refuses https below 17.4, so this is a custom scheme.
            guard case .customScheme(let scheme) = listener else { preconditionFailure("https below iOS 17.4") }
            return ASWebAuthenticationSession(url: page, callbackURLScheme: scheme, completionHandler: handler)
        }

        /// The session's completion handler, made outside any actor so that it inherits no isolation.
        nonisolated private static func completion(
            resuming once: ResumeOnce
        ) -> ASWebAuthenticationSession.CompletionHandler {
            { url, error in
                if let url {
                    once.resume(.success(url))
                } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                    once.resume(.failure(.cancelled))
                } else {
                    once.resume(.failure(error.map { .failed($0) } ?? .notStarted))
                }
            }
        }

        /// The caller's continuation, resumed by whichever of the handler or `start()` speaks first.
        final class ResumeOnce: Sendable {
            private let continuation: Locked<CheckedContinuation<Result<URL, Failure>, Never>?>

            init(_ continuation: CheckedContinuation<Result<URL, Failure>, Never>) {
                self.continuation = Locked(continuation)
            }

            func resume(_ result: Result<URL, Failure>) {
                continuation.withLock { continuation in
                    defer { continuation = nil }
                    return continuation
                }?.resume(returning: result)
            }
        }

        /// The window the sheet is shown over, and the session, kept alive while it is up.
        @MainActor
        private final class PresentationContext: NSObject, ASWebAuthenticationPresentationContextProviding {
            let window: ASPresentationAnchor
            var session: ASWebAuthenticationSession?

            init(window: ASPresentationAnchor) {
                self.window = window
            }

            nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
                // The system asks on the main thread; the window is a main-actor object.
                MainActor.assumeIsolated { window }
            }
        }
    }
#endif
