import Foundation
import SDKCrypto

/// The platform's own ``PasskeyAuthenticator``.
package enum PasskeyAuthenticators {
    /// The system sheet (``PlatformPasskeyAuthenticator``) where AuthenticationServices exists;
    /// elsewhere a ``SoftwareAuthenticator`` keeping its credentials in `store`, the secure store the
    /// session lives in.
    package static func platformDefault(store: any SecureStore) -> any PasskeyAuthenticator {
        #if canImport(AuthenticationServices) && !os(tvOS) && !os(watchOS)
            PlatformPasskeyAuthenticator()
        #else
            SoftwareAuthenticator(store: store)
        #endif
    }
}
