/// A request the server answers itself, before any handler sees it, and then closes.
enum RequestFailure: Error, Equatable, Sendable {
    /// Garbage request line, bad header syntax, bad framing or chunk encoding.
    case badRequest
    /// The request started but did not complete within `readTimeout`.
    case requestTimeout
    /// The body is (or would be) larger than `maxRequestBodyBytes`.
    case payloadTooLarge
    /// The header section is larger than `maxHeaderBytes`.
    case headerFieldsTooLarge
    /// A transfer coding other than chunked.
    case notImplemented
    /// An HTTP major version other than 1.
    case versionNotSupported

    var status: Int {
        switch self {
        case .badRequest: 400
        case .requestTimeout: 408
        case .payloadTooLarge: 413
        case .headerFieldsTooLarge: 431
        case .notImplemented: 501
        case .versionNotSupported: 505
        }
    }

    /// The machine-readable code in the small JSON error body, `{"error":"<code>"}`.
    var code: String {
        switch self {
        case .badRequest: "bad_request"
        case .requestTimeout: "request_timeout"
        case .payloadTooLarge: "payload_too_large"
        case .headerFieldsTooLarge: "request_header_fields_too_large"
        case .notImplemented: "not_implemented"
        case .versionNotSupported: "http_version_not_supported"
        }
    }
}
