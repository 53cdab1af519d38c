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
    package struct PlatformPasskeyAuthenticator: PasskeyAuthenticator {
        /// The system sheet.
        package init() {}

        package func createCredential(
            _ request: PasskeyCreationRequest
        ) async throws(PasskeyAuthenticatorError) -> PasskeyRegistration {
            let outcome = await PasskeySheet.present { () -> ASAuthorizationRequest in
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
            let outcome = await PasskeySheet.present { () -> ASAuthorizationRequest in
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
    /// Not actor-isolated, so its callbacks satisfy the protocols whether or not an SDK marks them
    /// `@MainActor`; the system calls them on the main thread, and the state they touch is locked.
    private final class PasskeySheet: NSObject, @unchecked Sendable {
        private typealias Answer = Result<PasskeySheetOutcome, PasskeyAuthenticatorError>
        private typealias Continuation = CheckedContinuation<Answer, Never>
        private let state = Locked<(continuation: Continuation?, controller: ASAuthorizationController?)>((nil, nil))
        private let keepAlive = Locked<PasskeySheet?>(nil)

        /// Builds the request on the main actor, presents it, and waits for the answer.
        @MainActor
        static func present(
            _ makeRequest: @MainActor @Sendable () -> ASAuthorizationRequest
        ) async -> Result<PasskeySheetOutcome, PasskeyAuthenticatorError> {
            await withCheckedContinuation { continuation in
                let sheet = PasskeySheet()
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
            keepAlive.withLock { $0 = nil }
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
        func authorizationController(
            controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
        ) {
            finish(Self.outcome(of: authorization.credential))
        }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
            if let error = error as? ASAuthorizationError, error.code == .canceled {
                finish(.failure(.cancelled))
            } else {
                finish(.failure(.failed("the passkey sheet failed (\((error as NSError).code))")))
            }
        }
    }

    extension PasskeySheet: ASAuthorizationControllerPresentationContextProviding {
        func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
            // The protocol is main-actor isolated; the system asks on the main thread. The key window is
            // found without `UIApplication.shared`, which app extensions cannot name.
            MainActor.assumeIsolated { PresentationWindow.anchor() }
        }
    }
#endif
