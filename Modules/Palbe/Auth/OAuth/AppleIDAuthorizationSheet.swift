import Foundation

// Sign in with Apple's own sheet, and which authorizer a platform has.

/// The platform's ``AppleIDAuthorizer``.
package enum AppleIDAuthorizers {
    /// Apple's sheet where AuthenticationServices has it (iOS, macOS, visionOS); `nil` elsewhere, where a
    /// native Apple sign-in runs in the web sheet against the provider's endpoints (the emulator's).
    package static var platformDefault: (any AppleIDAuthorizer)? {
        #if canImport(AuthenticationServices) && !os(tvOS) && !os(watchOS)
            AppleIDAuthorizationSheet()
        #else
            nil
        #endif
    }
}

#if canImport(AuthenticationServices) && !os(tvOS) && !os(watchOS)
    import AuthenticationServices
    import SDKTransport

    /// Sign in with Apple in `ASAuthorizationController`: an `ASAuthorizationAppleIDProvider` request with
    /// scopes `email` and `fullName` and the given nonce. The credential's `identityToken` (UTF-8 JWT bytes)
    /// is the ID token; `fullName` comes only on the first authorization. Needs the Sign in with Apple
    /// capability; the sheet is shown over the window ``PresentationWindow`` finds.
    struct AppleIDAuthorizationSheet: AppleIDAuthorizer {
        func authorize(nonce: String) async throws -> AppleIDAuthorization {
            let outcome = await AuthorizationSheet<AppleIDAuthorization>.present(
                over: { PresentationWindow.anchor() }, reading: Self.authorization
            ) { () -> ASAuthorizationRequest in
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.requestedScopes = [.email, .fullName]
                request.nonce = nonce
                return request
            }
            switch outcome {
            case .success(let authorization): return authorization
            case .failure(.cancelled): throw OAuthPresenterError.cancelled
            case .failure(.failed(let reason)): throw OAuthPresenterError.unavailable(reason: reason)
            }
        }

        /// The ID token and name of an Apple ID credential.
        private static func authorization(
            _ credential: any ASAuthorizationCredential
        ) -> Result<AppleIDAuthorization, AuthorizationSheet<AppleIDAuthorization>.Failure> {
            guard let apple = credential as? ASAuthorizationAppleIDCredential, let token = apple.identityToken,
                let idToken = String(data: token, encoding: .utf8), !idToken.isEmpty
            else { return .failure(.failed("Apple's credential carries no identity token")) }
            let name = apple.fullName.map { PersonName(givenName: $0.givenName, familyName: $0.familyName) }
            return .success(AppleIDAuthorization(idToken: idToken, name: name))
        }
    }
#endif
