#if canImport(AuthenticationServices) && !os(tvOS) && !os(watchOS)
    import AuthenticationServices
    import ErrorCore
    import Foundation

    /// One presentation of an `ASAuthorizationController` (the passkey sheet, Sign in with Apple): its
    /// delegate and presentation context, kept alive (the controller holds both weakly) until the sheet
    /// answers, which resumes the caller exactly once with what `reading` made of the credential.
    ///
    /// Apple declares both protocols `@MainActor` and calls them on the main thread, but the callbacks
    /// here are `nonisolated`, so none carries an isolation that Swift 6 would check (and trap on) if
    /// the system called it from another thread: the delegate methods touch only locked state, and the
    /// presentation anchor is the window read on the main actor before the request started. The
    /// credential (not `Sendable`) is turned into a `Sendable` value in the delegate callback itself.
    final class AuthorizationSheet<Outcome: Sendable>: NSObject, @unchecked Sendable {
        // `@unchecked`: `anchor` and `reading` are never mutated, and every other stored property is a lock.
        /// Why a sheet produced nothing.
        enum Failure: Error, Sendable {
            /// The user dismissed it (`ASAuthorizationError.canceled`).
            case cancelled
            /// It failed; `reason` is safe to log (an error code, never a credential).
            case failed(String)
        }

        private typealias Continuation = CheckedContinuation<Result<Outcome, Failure>, Never>
        private let anchor: ASPresentationAnchor
        private let reading: @Sendable (any ASAuthorizationCredential) -> Result<Outcome, Failure>
        private let state = Locked<(continuation: Continuation?, controller: ASAuthorizationController?)>((nil, nil))
        private let keepAlive = Locked<AuthorizationSheet?>(nil)

        private init(
            anchor: ASPresentationAnchor,
            reading: @escaping @Sendable (any ASAuthorizationCredential) -> Result<Outcome, Failure>
        ) {
            self.anchor = anchor
            self.reading = reading
        }

        /// Reads the window and builds the request on the main actor, presents it, and waits for the
        /// answer.
        @MainActor
        static func present(
            over anchor: @MainActor () -> ASPresentationAnchor,
            reading: @escaping @Sendable (any ASAuthorizationCredential) -> Result<Outcome, Failure>,
            _ makeRequest: @MainActor @Sendable () -> ASAuthorizationRequest
        ) async -> Result<Outcome, Failure> {
            await withCheckedContinuation { continuation in
                let sheet = AuthorizationSheet(anchor: anchor(), reading: reading)
                let controller = ASAuthorizationController(authorizationRequests: [makeRequest()])
                controller.delegate = sheet
                controller.presentationContextProvider = sheet
                sheet.state.withLock { $0 = (continuation, controller) }
                sheet.keepAlive.withLock { $0 = sheet }
                controller.performRequests()
            }
        }

        fileprivate func finish(_ result: Result<Outcome, Failure>) {
            let continuation = state.withLock { state in
                defer { state = (nil, nil) }
                return state.continuation
            }
            continuation?.resume(returning: result)
            let sheet = keepAlive.withLock { keepAlive in
                defer { keepAlive = nil }
                return keepAlive
            }
            // The sheet holds a window, a main-actor object: let its last reference go on the main queue.
            DispatchQueue.main.async { withExtendedLifetime(sheet) {} }
        }

        fileprivate func read(_ credential: any ASAuthorizationCredential) -> Result<Outcome, Failure> {
            reading(credential)
        }
    }

    extension AuthorizationSheet: ASAuthorizationControllerDelegate {
        nonisolated func authorizationController(
            controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
        ) {
            finish(read(authorization.credential))
        }

        nonisolated func authorizationController(
            controller: ASAuthorizationController, didCompleteWithError error: any Error
        ) {
            if let error = error as? ASAuthorizationError, error.code == .canceled {
                finish(.failure(.cancelled))
            } else {
                finish(.failure(.failed("the sheet failed (\((error as NSError).code))")))
            }
        }
    }

    extension AuthorizationSheet: ASAuthorizationControllerPresentationContextProviding {
        nonisolated func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
            anchor
        }
    }
#endif
