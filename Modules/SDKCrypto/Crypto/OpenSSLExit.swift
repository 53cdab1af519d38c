#if canImport(COpenSSL)
    import COpenSSL
#endif

/// What a process that owns its exit asks of the crypto library before anything else uses it.
package enum CryptoProcess {
    /// Keeps OpenSSL from freeing its global state in an `atexit` handler (Linux; nothing to do on
    /// Apple platforms).
    ///
    /// A command-line tool that exits while a client's background task is still in libcrypto (deriving
    /// a key, say) otherwise crashes during `exit`: the handler frees what the other thread is using.
    /// `sdk palbe upload` with a refused file crashed that way in 116 runs out of 300. The state is
    /// the operating system's to reclaim at exit anyway.
    ///
    /// It takes effect only before OpenSSL's first initialisation (libcurl's included), so the `sdk`
    /// executable calls it first thing. An app embedding the SDKs decides this for itself.
    package static func keepCryptoStateAtExit() {
        #if canImport(COpenSSL)
            _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
        #endif
    }
}
