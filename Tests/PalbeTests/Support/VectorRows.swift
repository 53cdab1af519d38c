import ErrorCore
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP answer of a golden-vector file (`backend-errors.json`, `auth-errors.json`): `body` is JSON,
/// `body_text` raw text; neither means the body is not in hand. `Expectation` is the file's own.
struct VectorResponseRow<Expectation: Decodable & Sendable>: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let status: Int
    let headers: [String: String]
    let body: AnyCodableValue?
    let bodyText: String?
    let expect: Expectation

    enum CodingKeys: String, CodingKey {
        case name, status, headers, body, expect
        case bodyText = "body_text"
    }

    var testDescription: String { name }

    /// The body bytes, or `nil` when the row says the body is not in hand.
    var bodyData: Data? {
        if let body { return Data(body.jsonText.utf8) }
        return bodyText.map { Data($0.utf8) }
    }

    /// The first value of header `name`, case-insensitive.
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// One transport failure of a golden-vector file: a `URLError` code by name, and whether the request left.
struct VectorTransportRow<Expectation: Decodable & Sendable>: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let urlError: String
    let requestSent: Bool
    let expect: Expectation

    enum CodingKeys: String, CodingKey {
        case name, expect
        case urlError = "url_error"
        case requestSent = "request_sent"
    }

    var testDescription: String { name }

    /// The row's `URLError` code; nil for a name the table does not know (a test then fails on it).
    var code: URLError.Code? { vectorURLErrorCodes[urlError] }
}

/// The `URLError` codes the vector files name.
private let vectorURLErrorCodes: [String: URLError.Code] = [
    "notConnectedToInternet": .notConnectedToInternet, "timedOut": .timedOut,
    "networkConnectionLost": .networkConnectionLost, "cannotConnectToHost": .cannotConnectToHost,
    "cannotFindHost": .cannotFindHost, "dnsLookupFailed": .dnsLookupFailed,
    "secureConnectionFailed": .secureConnectionFailed, "serverCertificateUntrusted": .serverCertificateUntrusted,
    "badURL": .badURL, "unsupportedURL": .unsupportedURL, "badServerResponse": .badServerResponse,
    "dataLengthExceedsMaximum": .dataLengthExceedsMaximum, "cannotDecodeContentData": .cannotDecodeContentData,
    "cancelled": .cancelled,
]
