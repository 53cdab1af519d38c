#if canImport(AuthenticationServices) && !os(tvOS) && !os(watchOS)
    import AuthenticationServices
    import ErrorCore
    import Foundation
    import SDKTransport

    /// The system passkey sheet: `ASAuthorizationPlatformPublicKeyCredentialProvider` for the
    /// Environment's host, which must be the app's Associated Domain (`webcredentials:<host>`) and
    /// list the app in its `apple-app-site-association` file.
    ///
    /// Registration asks for user verification and no attestation; the platform answers with an
    /// attestation object, whose public key and authenticator data ``PasskeyAttestationObject``
    /// reads. A dismissed sheet is ``PasskeyAuthenticatorError/cancelled``.
    ///
    /// The sheet is shown over the window `anchor` returns, read on the main actor when the sheet is
    /// requested. For `ASAuthorizationController` the anchor is a hint ("This view will be used as a hint
    /// if a credential provider requires user interaction"). App extensions may not use the shared
    /// application (Apple's App Extension Programming Guide): there the anchor should be the extension's
    /// own view's window, passed in.
    package struct PlatformPasskeyAuthenticator: PasskeyAuthenticator {
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor

        /// The system sheet, over the window `anchor` returns (by default the key window of the
        /// foreground scene, found by ``PresentationWindow``).
        package init(
            anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor = { PresentationWindow.anchor() }
        ) {
            self.anchor = anchor
        }

        package func createCredential(
            _ request: PasskeyCreationRequest
        ) async throws(PasskeyAuthenticatorError) -> PasskeyRegistration {
            let outcome = await PasskeySheet.present(over: anchor) { () -> ASAuthorizationRequest in
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(
                    relyingPartyIdentifier: request.rpID)
                let registration = provider.createCredentialRegistrationRequest(
                    challenge: request.challenge, name: request.userName, userID: Data(request.userID.utf8))
                registration.displayName = request.displayName
                registration.userVerificationPreference = .required
                return registration
            }
            guard case .registration(let registration) = try outcome.get() else {
                throw .failed("the sheet answered a registration with something else")
            }
            return registration
        }

        package func assert(
            _ request: PasskeyAssertionRequest
        ) async throws(PasskeyAuthenticatorError) -> PasskeyAssertion {
            let outcome = await PasskeySheet.present(over: anchor) { () -> ASAuthorizationRequest in
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(
                    relyingPartyIdentifier: request.rpID)
                let assertion = provider.createCredentialAssertionRequest(challenge: request.challenge)
                assertion.userVerificationPreference = .required
                return assertion
            }
            guard case .assertion(let assertion) = try outcome.get() else {
                throw .failed("the sheet answered a sign-in with something else")
            }
            return assertion
        }
    }

    /// What the sheet produced, already in the seam's Sendable shapes.
    private enum PasskeySheetOutcome: Sendable {
        case registration(PasskeyRegistration)
        case assertion(PasskeyAssertion)
    }

    /// One presentation of an `ASAuthorizationController`: its delegate and presentation context,
    /// kept alive (the controller holds both weakly) until the sheet answers, which resumes the
    /// caller exactly once.
    ///
    /// Apple declares both protocols `@MainActor` and calls them on the main thread, but the callbacks
    /// here are `nonisolated`, so none carries an isolation that Swift 6 would check (and trap on) if
    /// the system called it from another thread: the delegate methods touch only locked state, and the
    /// presentation anchor is the window read on the main actor before the request started.
    private final class PasskeySheet: NSObject, @unchecked Sendable {
        // `@unchecked`: `anchor` is never mutated, and every other stored property is a lock.
        private typealias Answer = Result<PasskeySheetOutcome, PasskeyAuthenticatorError>
        private typealias Continuation = CheckedContinuation<Answer, Never>
        private let anchor: ASPresentationAnchor
        private let state = Locked<(continuation: Continuation?, controller: ASAuthorizationController?)>((nil, nil))
        private let keepAlive = Locked<PasskeySheet?>(nil)

        private init(anchor: ASPresentationAnchor) {
            self.anchor = anchor
        }

        /// Reads the window and builds the request on the main actor, presents it, and waits for the
        /// answer.
        @MainActor
        static func present(
            over anchor: @MainActor () -> ASPresentationAnchor,
            _ makeRequest: @MainActor @Sendable () -> ASAuthorizationRequest
        ) async -> Result<PasskeySheetOutcome, PasskeyAuthenticatorError> {
            await withCheckedContinuation { continuation in
                let sheet = PasskeySheet(anchor: anchor())
                let controller = ASAuthorizationController(authorizationRequests: [makeRequest()])
                controller.delegate = sheet
                controller.presentationContextProvider = sheet
                sheet.state.withLock { $0 = (continuation, controller) }
                sheet.keepAlive.withLock { $0 = sheet }
                controller.performRequests()
            }
        }

        fileprivate func finish(_ result: Result<PasskeySheetOutcome, PasskeyAuthenticatorError>) {
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

        /// The seam's shape of what the platform returned.
        fileprivate static func outcome(
            of credential: any ASAuthorizationCredential
        ) -> Result<PasskeySheetOutcome, PasskeyAuthenticatorError> {
            if let created = credential as? ASAuthorizationPlatformPublicKeyCredentialRegistration {
                guard let raw = created.rawAttestationObject,
                    let attestation = try? PasskeyAttestationObject(raw)
                else { return .failure(.failed("the platform's attestation object is unreadable")) }
                return .success(
                    .registration(
                        PasskeyRegistration(
                            credentialID: created.credentialID, publicKey: attestation.publicKey,
                            clientDataJSON: created.rawClientDataJSON,
                            authenticatorData: attestation.authenticatorData, signature: nil)))
            }
            if let assertion = credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion {
                guard let authenticatorData = assertion.rawAuthenticatorData, let signature = assertion.signature
                else { return .failure(.failed("the platform's assertion is incomplete")) }
                return .success(
                    .assertion(
                        PasskeyAssertion(
                            credentialID: assertion.credentialID, clientDataJSON: assertion.rawClientDataJSON,
                            authenticatorData: authenticatorData, signature: signature)))
            }
            return .failure(.failed("the platform returned another kind of credential"))
        }
    }

    extension PasskeySheet: ASAuthorizationControllerDelegate {
        nonisolated func authorizationController(
            controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
        ) {
            finish(Self.outcome(of: authorization.credential))
        }

        nonisolated func authorizationController(
            controller: ASAuthorizationController, didCompleteWithError error: any Error
        ) {
            if let error = error as? ASAuthorizationError, error.code == .canceled {
                finish(.failure(.cancelled))
            } else {
                finish(.failure(.failed("the passkey sheet failed (\((error as NSError).code))")))
            }
        }
    }

    extension PasskeySheet: ASAuthorizationControllerPresentationContextProviding {
        nonisolated func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
            anchor
        }
    }
#endif
