import ErrorCore

/// The non-2xx response an exchange ended on: its status and headers.
struct ExchangeRejection: Sendable {
    let status: Int
    let headers: HTTPHeaders

    /// The response of a `.rejected` outcome; `nil` for one that got no response.
    init?(_ outcome: AttemptOutcome) {
        guard case .rejected(let status, let headers, _) = outcome else { return nil }
        self.status = status
        self.headers = headers
    }

    /// The seconds its `Retry-After` asks for.
    var retryAfter: Int? { RetryAfter.seconds(from: headers["Retry-After"]) }
}
