import SDKCrypto
import Testing

@Suite struct CryptoBackendTests {
    /// The shared suites take `CryptoBackend.available` as their argument; each build compiles one
    /// backend, and the package-level API must be running on it.
    @Test func theAPIRunsOnTheOneBackendThisBuildCompiles() {
        #expect(CryptoBackend.available == [CryptoBackend.current])
    }

    @Test func linuxUsesOpenSSLAndApplePlatformsUseCryptoKit() {
        #if os(Linux)
            #expect(CryptoBackend.current.description == "OpenSSL")
        #elseif canImport(Darwin)
            #expect(CryptoBackend.current.description == "CryptoKit")
        #endif
    }
}
