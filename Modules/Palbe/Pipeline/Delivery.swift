import Foundation

/// A 2xx answer: its status, its (unsealed) body and its request id. How the body is read is in
/// `Delivery+Decoding.swift`.
package struct Delivery: Sendable {
    /// The HTTP status, 200–299.
    package let status: Int
    /// The body, opened when it came sealed.
    package let body: Data
    /// The response's `X-Request-Id`, when it had a non-blank one.
    package let requestID: String?

    /// A delivery of `body` with `status` and `requestID`.
    package init(status: Int, body: Data, requestID: String?) {
        self.status = status
        self.body = body
        self.requestID = requestID
    }
}
