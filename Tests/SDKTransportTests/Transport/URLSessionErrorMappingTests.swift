import Foundation
import Testing

@testable import SDKTransport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How URLSession's errors become the contract's codes. On Linux the inputs are what
/// FoundationNetworking reports: a `URLError` code and libcurl's error text (OpenSSL backend, curl
/// 7.88 to 8.x); on Apple platforms codes pass through.
@Suite struct URLSessionErrorMappingTests {
    struct Row: Sendable, CustomStringConvertible {
        var code: URLError.Code
        var message: String
        var expected: URLError.Code
        var requestSent: Bool
        var description: String { message }
    }

    #if canImport(FoundationNetworking)
        static let rows: [Row] = [
            // Handshake failures: nothing can have been sent.
            Row(
                code: .unknown, message: "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number",
                expected: .secureConnectionFailed, requestSent: false),
            Row(
                code: .unknown, message: "TLS connect error: error:0A00010B:SSL routines::wrong version number",
                expected: .secureConnectionFailed, requestSent: false),
            Row(
                code: .unknown,
                message: "OpenSSL SSL_connect: Connection reset by peer in connection to example.com:443 ",
                expected: .secureConnectionFailed, requestSent: false),
            Row(
                code: .unknown, message: "SSL certificate problem: self-signed certificate",
                expected: .serverCertificateUntrusted, requestSent: false),
            Row(
                code: .unknown,
                message: "SSL: no alternative certificate subject name matches target host name 'example.com'",
                expected: .serverCertificateUntrusted, requestSent: false),
            // TLS failures after the handshake: the request may have been sent.
            Row(
                code: .unknown,
                message:
                    "OpenSSL SSL_read: OpenSSL/3.0.19: error:0A000126:SSL routines::unexpected eof while reading, errno 0",
                expected: .unknown, requestSent: true),
            Row(
                code: .unknown, message: "SSL_write() error: OpenSSL/3.0.19: error:0A000119:SSL routines::decryption",
                expected: .unknown, requestSent: true),
            Row(
                code: .unknown, message: "OpenSSL SSL_read: Connection reset by peer, errno 104",
                expected: .networkConnectionLost, requestSent: true),
            // CURLE_GOT_NOTHING, the only libcurl result FoundationNetworking calls a bad response.
            Row(
                code: .badServerResponse, message: "Empty reply from server", expected: .networkConnectionLost,
                requestSent: true),
            Row(
                code: .unknown, message: "Recv failure: Connection reset by peer", expected: .networkConnectionLost,
                requestSent: true),
            Row(
                code: .unknown, message: "Malformed encoding found in chunked-encoding", expected: .badServerResponse,
                requestSent: true),
            Row(code: .unknown, message: "something new", expected: .unknown, requestSent: true),
            Row(
                code: .cannotConnectToHost, message: "Connection refused", expected: .cannotConnectToHost,
                requestSent: false),
        ]
    #else
        static let rows: [Row] = [
            Row(code: .badServerResponse, message: "bad", expected: .badServerResponse, requestSent: true),
            Row(
                code: .unknown, message: "SSL certificate problem: self-signed certificate", expected: .unknown,
                requestSent: true),
            Row(code: .secureConnectionFailed, message: "tls", expected: .secureConnectionFailed, requestSent: false),
        ]
    #endif

    @Test(arguments: rows)
    func urlErrorBecomesTheContractCode(_ row: Row) {
        let error = URLSessionErrorMapping.error(
            for: URLError(row.code, userInfo: [NSLocalizedDescriptionKey: row.message]))
        #expect(error.code == row.expected)
        #expect(error.requestSent == row.requestSent)
        #expect(error.message == row.message)
    }
}
