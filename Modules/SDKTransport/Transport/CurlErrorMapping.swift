#if canImport(CCurl)
    import CCurl
    import Foundation

    /// Turns a failed curl transfer into a ``TransportError`` in `URLError`'s vocabulary.
    enum CurlErrorMapping {
        /// The error for a transfer that ended with `result`. `requestSent` is what the debug callback saw;
        /// `abortReason` explains a stop our own callbacks asked for.
        static func error(
            for result: CURLcode, abortReason: CurlTransfer.AbortReason?, requestSent: Bool, handle: CurlEasyHandle
        ) -> TransportError {
            if let abortReason {
                switch abortReason {
                case .headerSectionTooLarge(let limit):
                    return TransportError(
                        code: .badServerResponse, requestSent: requestSent,
                        message: "response header section exceeds \(limit) bytes")
                case .bodyTooLarge(let limit):
                    return TransportError(
                        code: .dataLengthExceedsMaximum, requestSent: requestSent,
                        message: "response body exceeds \(limit) bytes")
                case .abandoned:
                    return TransportError(
                        code: .cancelled, requestSent: requestSent, message: "abandoned by its reader")
                case .uploadFailed(let failure):
                    return TransportError(code: failure.code, requestSent: requestSent, message: failure.message)
                case .resendRefused(let method):
                    return TransportError(
                        code: .networkConnectionLost, requestSent: true,
                        message: "the connection closed before a response; \(method) is not resent automatically")
                }
            }
            let message = "curl error \(result.rawValue): \(handle.message(for: result))"
            return TransportError(
                code: code(for: result, message: message, handle: handle), requestSent: requestSent, message: message)
        }

        /// The `URLError` code for a curl result; `message` (curl's text) separates the causes curl folds
        /// into one code, `handle` gives the OS error behind a failed connect.
        static func code(for result: CURLcode, message: String, handle: CurlEasyHandle?) -> URLError.Code {
            switch result {
            case CURLE_UNSUPPORTED_PROTOCOL:
                return .unsupportedURL
            case CURLE_URL_MALFORMAT:
                return .badURL
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
                return .cannotFindHost
            case CURLE_COULDNT_CONNECT:
                var osError = 0
                if let handle { sdk_curl_easy_getinfo_long(handle.raw, CURLINFO_OS_ERRNO, &osError) }
                return Int32(osError) == ENETUNREACH ? .notConnectedToInternet : .cannotConnectToHost
            case CURLE_OPERATION_TIMEDOUT:
                return .timedOut
            case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_SEND_FAIL_REWIND:
                return .networkConnectionLost
            case CURLE_RECV_ERROR:
                // Malformed chunked framing is reported as a receive error; it is the server's fault, not
                // the network's.
                return message.contains("chunk") ? .badServerResponse : .networkConnectionLost
            case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3:
                return .badServerResponse
            case CURLE_OUT_OF_MEMORY where message.contains("header"):
                // curl's own per-line header cap (100 KiB) is reported as an allocation failure.
                return .badServerResponse
            case CURLE_BAD_CONTENT_ENCODING:
                return .cannotDecodeContentData
            case CURLE_FILESIZE_EXCEEDED:
                return .dataLengthExceedsMaximum
            case CURLE_PEER_FAILED_VERIFICATION:
                return .serverCertificateUntrusted
            case CURLE_SSL_CERTPROBLEM:
                return .clientCertificateRejected
            case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CIPHER,
                CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
                CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT,
                CURLE_USE_SSL_FAILED:
                return .secureConnectionFailed
            default:
                return .unknown
            }
        }
    }
#endif
