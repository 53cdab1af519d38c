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
        do {
            let delivery = try await exchange(request)
            let body = try BackendErrorMapping.decode(
                AnyCodableValue.self, body: delivery.body, requestID: delivery.requestID)
            return PalbeRawResponse(status: delivery.status, body: body, requestID: delivery.requestID)
        } catch {
            report(error)
            throw error
        }
    }
}
