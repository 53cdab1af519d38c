import ErrorCore
import Foundation

/// A 2xx answer read as open JSON, for tools that print whatever the backend said (the `sdk` CLI).
package struct PalbeRawResponse: Sendable, Equatable {
    /// The HTTP status.
    package let status: Int
    /// The body as JSON; `null` for an empty body.
    package let body: AnyCodableValue
    /// The response's `X-Request-Id`.
    package let requestID: String?
}

extension Palbe {
    /// Sends `request` through the one transport path and returns the status, the body as open JSON
    /// and the request id. Failures are ``BackendError``, reported to the hook first, exactly as for
    /// every other call.
    package func send(_ request: PBRequest) async throws(BackendError) -> PalbeRawResponse {
        try await perform(request) { delivery throws(BackendError) in
            PalbeRawResponse(
                status: delivery.status, body: try delivery.decoded(as: AnyCodableValue.self),
                requestID: delivery.requestID)
        }
    }
}
