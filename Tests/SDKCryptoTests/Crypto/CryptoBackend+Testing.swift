import SDKCrypto
import Testing

extension CryptoBackend {
    /// Requires that the package-level API, which the tests call, runs on this backend.
    ///
    /// True by construction while a build compiles one backend. If a build ever compiles two, the
    /// façades must learn to select one, and this check fails until they do instead of letting one
    /// backend's results be reported under the other's name.
    func requireActive(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(
            self == .current, "the package-level API runs on \(CryptoBackend.current)", sourceLocation: sourceLocation)
    }
}
