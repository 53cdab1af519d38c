/// Picks the transport an SDK uses when the app does not inject one.
public enum DefaultTransport {
    /// The process-wide default: a shared `CurlTransport` on Linux, a shared ``URLSessionTransport``
    /// on Apple platforms (and in the portable build, `SDK_PORTABLE=1`, which links no libcurl).
    ///
    /// The instance is shared so every SDK client shares one connection pool (and, for curl, one
    /// network thread); create your own transport to isolate a client.
    public static func make() -> any Transport {
        #if canImport(CCurl)
            CurlTransport.shared
        #else
            URLSessionTransport.shared
        #endif
    }
}
