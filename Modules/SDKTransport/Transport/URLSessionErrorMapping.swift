import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns a failed URLSession task into a ``TransportError`` with the codes the ``Transport`` contract
/// uses, which are Apple's URLSession's.
///
/// On Linux, FoundationNetworking runs on libcurl and passes most of its failures on as `.unknown` with
/// curl's error text, or under a code of its own choosing; the Linux branch names the ones it can
/// recognise reliably. Anything it does not recognise keeps its code and `requestSent` true: the
/// safe reading for a request that may have been acted on.
enum URLSessionErrorMapping {
    /// The transport error for `error`, which URLSession reported for a task.
    ///
    /// URLSession cannot say whether bytes left, so `requestSent` follows the code: `false` only for
    /// failures that happen before any request byte can be written (name resolution, connect, an
    /// unusable URL, TLS), `true` ("possibly sent") for everything else.
    static func error(for error: any Error) -> TransportError {
        guard let urlError = error as? URLError else {
            return TransportError(code: .unknown, requestSent: true, message: String(describing: error))
        }
        let message = urlError.localizedDescription
        let code = code(for: urlError.code, message: message)
        return TransportError(code: code, requestSent: !neverSent(code), message: message)
    }

    /// The contract's code for what URLSession reported as `code` with `message`. On Apple platforms
    /// codes pass through.
    static func code(for code: URLError.Code, message: String) -> URLError.Code {
        #if canImport(FoundationNetworking)
            switch code {
            case .badServerResponse:
                // FoundationNetworking gives this code to one libcurl result only, CURLE_GOT_NOTHING
                // ("Empty reply from server"): the connection closed before a byte of response. That is
                // a lost connection, as Apple's URLSession and CurlTransport report it.
                return .networkConnectionLost
            case .unknown:
                // Several failures arrive as `.unknown` with curl's text.
                if let tls = tlsHandshakeFailure(message) { return tls }
                if message.contains("chunked-encoding") { return .badServerResponse }
                if message.contains("transfer closed") || message.contains("Connection reset") {
                    return .networkConnectionLost
                }
                return code
            default:
                return code
            }
        #else
            return code
        #endif
    }

    /// Whether a request that failed with `code` cannot have reached the server.
    static func neverSent(_ code: URLError.Code) -> Bool {
        switch code {
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .badURL, .unsupportedURL,
            .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            true
        default:
            false
        }
    }

    /// The code for a TLS handshake failure, recognised by the text libcurl's OpenSSL backend writes
    /// for one (7.x to 8.x), or nil. Only handshake texts count: a TLS failure after the handshake
    /// ("OpenSSL SSL_read: …", "SSL_write() …") may follow a request that was sent, and mapping it
    /// here would make `requestSent` false. A libcurl built on another TLS library writes other texts,
    /// which stay `.unknown` with `requestSent` true.
    ///
    /// The codes match what ``CurlTransport`` reports for the same libcurl results.
    static func tlsHandshakeFailure(_ message: String) -> URLError.Code? {
        // CURLE_PEER_FAILED_VERIFICATION: the server's certificate was not accepted.
        let untrusted = [
            "SSL certificate problem: ", "SSL certificate verification failed",
            "SSL: no alternative certificate subject name matches target host name",
            "SSL: certificate subject name ",
        ]
        if untrusted.contains(where: message.hasPrefix) { return .serverCertificateUntrusted }
        // CURLE_SSL_CONNECT_ERROR: "OpenSSL SSL_connect: <reason> in connection to host:port", the
        // OpenSSL error itself ("OpenSSL/3.0.13: error:0A00010B:SSL routines::wrong version number",
        // curl before 8.11), or "TLS connect error: <OpenSSL error>" (curl 8.11 and later).
        let handshake = ["OpenSSL SSL_connect: ", "OpenSSL/", "TLS connect error: "]
        if handshake.contains(where: message.hasPrefix) { return .secureConnectionFailed }
        return nil
    }
}
