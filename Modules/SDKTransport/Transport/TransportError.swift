import Foundation

/// A failure to complete an HTTP exchange: no response, or a response cut short or unusable.
///
/// `code` uses `URLError`'s vocabulary so an app sees the same codes whichever transport runs.
/// `requestSent` is the flag payment code relies on: when it is `false` the server cannot have seen
/// the request (the connection was refused, the name did not resolve, the URL was unusable, TLS
/// failed), so the request can be retried freely and its outcome is known. When it is `true` the
/// server may have acted on the request even though no answer arrived.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as a `URLError` code: `.cannotConnectToHost`, `.cannotFindHost`, `.badURL`,
    /// `.unsupportedURL`, `.timedOut`, `.networkConnectionLost`, `.secureConnectionFailed`,
    /// `.badServerResponse`, `.dataLengthExceedsMaximum`, `.cannotDecodeContentData`, ….
    /// Never `.cancelled` for Task cancellation: that is thrown as `CancellationError`.
    public var code: URLError.Code
    /// Whether any byte of the request reached the network. See each transport for how it knows.
    public var requestSent: Bool
    /// The underlying library's description, for logs. Never contains header values or body bytes.
    public var message: String

    /// Creates an error; transports and test doubles use this.
    public init(code: URLError.Code, requestSent: Bool, message: String) {
        self.code = code
        self.requestSent = requestSent
        self.message = message
    }

    /// The same failure as a `URLError`, for APIs that must hand one to the app. `requestSent` is in
    /// its `userInfo` under ``requestSentUserInfoKey``.
    public var urlError: URLError {
        URLError(
            code,
            userInfo: [NSLocalizedDescriptionKey: message, Self.requestSentUserInfoKey: requestSent]
        )
    }

    /// The `userInfo` key of ``urlError`` that carries ``requestSent`` as a `Bool`.
    public static let requestSentUserInfoKey = "TransportErrorRequestSent"

    /// `"timedOut (requestSent: true): <message>"`.
    public var description: String {
        "\(Self.name(of: code)) (requestSent: \(requestSent)): \(message)"
    }

    static func name(of code: URLError.Code) -> String {
        switch code {
        case .cancelled: "cancelled"
        case .badURL: "badURL"
        case .unsupportedURL: "unsupportedURL"
        case .timedOut: "timedOut"
        case .cannotFindHost: "cannotFindHost"
        case .cannotConnectToHost: "cannotConnectToHost"
        case .networkConnectionLost: "networkConnectionLost"
        case .dnsLookupFailed: "dnsLookupFailed"
        case .notConnectedToInternet: "notConnectedToInternet"
        case .badServerResponse: "badServerResponse"
        case .cannotDecodeContentData: "cannotDecodeContentData"
        case .cannotParseResponse: "cannotParseResponse"
        case .dataLengthExceedsMaximum: "dataLengthExceedsMaximum"
        case .secureConnectionFailed: "secureConnectionFailed"
        case .serverCertificateUntrusted: "serverCertificateUntrusted"
        case .serverCertificateHasBadDate: "serverCertificateHasBadDate"
        case .serverCertificateHasUnknownRoot: "serverCertificateHasUnknownRoot"
        case .serverCertificateNotYetValid: "serverCertificateNotYetValid"
        case .clientCertificateRejected: "clientCertificateRejected"
        case .clientCertificateRequired: "clientCertificateRequired"
        default: "URLError(\(code.rawValue))"
        }
    }
}
