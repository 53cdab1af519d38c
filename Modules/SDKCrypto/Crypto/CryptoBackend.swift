/// The cryptographic library behind this module's primitives in this build.
///
/// Every type here (``SHA256``, ``HMACSHA256``, ``HKDFSHA256``, ``PBKDF2SHA256``, ``AES256GCM``,
/// ``P256PrivateKey``, ``P256PublicKey``, ``SecureRandom``) keeps one API and forwards to a nested
/// `Backend` that is chosen at compile time: OpenSSL where the manifest links it (Linux), CryptoKit on
/// Apple platforms (CommonCrypto for PBKDF2, which CryptoKit lacks). Choosing at compile time keeps the hot paths (the proof-of-work hasher, AES-GCM) free
/// of any dispatch, and it is why a case exists only when its library is compiled in: a build can
/// never name a backend it does not have.
///
/// The known-answer and property tests take ``available`` as an argument, so the same vectors
/// prove whichever backend a platform compiles and each run is labelled with it.
package enum CryptoBackend: String, Sendable, CaseIterable, CustomStringConvertible {
    #if canImport(COpenSSL)
        /// OpenSSL 3's libcrypto, through the `COpenSSL` system-library target (Linux).
        case openSSL
    #elseif canImport(CryptoKit)
        /// Apple's CryptoKit, with `SecRandomCopyBytes` for randomness and CommonCrypto for PBKDF2
        /// (Apple platforms).
        case cryptoKit
    #else
        #error("SDKCrypto needs OpenSSL (COpenSSL, Linux) or CryptoKit (Apple platforms)")
    #endif

    /// The backend the package-level API uses in this build.
    package static var current: CryptoBackend {
        #if canImport(COpenSSL)
            .openSSL
        #elseif canImport(CryptoKit)
            .cryptoKit
        #endif
    }

    /// Every backend compiled into this build: the arguments of the shared crypto test suites.
    package static var available: [CryptoBackend] { allCases }

    /// The library's name, as test reports show it.
    package var description: String {
        switch self {
        #if canImport(COpenSSL)
            case .openSSL: "OpenSSL"
        #elseif canImport(CryptoKit)
            case .cryptoKit: "CryptoKit"
        #endif
        }
    }
}
