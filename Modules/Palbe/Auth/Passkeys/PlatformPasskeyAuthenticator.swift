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
            let outcome = await AuthorizationSheet<PasskeySheetOutcome>.present(over: anchor, reading: Self.outcome) {
                () -> ASAuthorizationRequest in
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(
                    relyingPartyIdentifier: request.rpID)
                let registration = provider.createCredentialRegistrationRequest(
                    challenge: request.challenge, name: request.userName, userID: Data(request.userID.utf8))
                registration.displayName = request.displayName
                registration.userVerificationPreference = .required
                return registration
            }
            guard case .registration(let registration) = try Self.passkeyResult(outcome).get() else {
                throw .failed("the sheet answered a registration with something else")
            }
            return registration
        }

        package func assert(
            _ request: PasskeyAssertionRequest
        ) async throws(PasskeyAuthenticatorError) -> PasskeyAssertion {
            let outcome = await AuthorizationSheet<PasskeySheetOutcome>.present(over: anchor, reading: Self.outcome) {
                () -> ASAuthorizationRequest in
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(
                    relyingPartyIdentifier: request.rpID)
                let assertion = provider.createCredentialAssertionRequest(challenge: request.challenge)
                assertion.userVerificationPreference = .required
                return assertion
            }
            guard case .assertion(let assertion) = try Self.passkeyResult(outcome).get() else {
                throw .failed("the sheet answered a sign-in with something else")
            }
            return assertion
        }

        /// The seam's shape of what the platform returned.
        private static func outcome(
            of credential: any ASAuthorizationCredential
        ) -> Result<PasskeySheetOutcome, AuthorizationSheet<PasskeySheetOutcome>.Failure> {
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

        /// The sheet's failure as the seam's.
        private static func passkeyResult(
            _ outcome: Result<PasskeySheetOutcome, AuthorizationSheet<PasskeySheetOutcome>.Failure>
        ) -> Result<PasskeySheetOutcome, PasskeyAuthenticatorError> {
            outcome.mapError { failure in
                switch failure {
                case .cancelled: .cancelled
                case .failed(let reason): .failed(reason)
                }
            }
        }
    }

    /// What the sheet produced, already in the seam's Sendable shapes.
    private enum PasskeySheetOutcome: Sendable {
        case registration(PasskeyRegistration)
        case assertion(PasskeyAssertion)
    }
#endif
