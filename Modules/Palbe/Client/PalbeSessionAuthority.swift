import Foundation

/// The seam between the transport path and the session layer (`pb.auth`): what a request carries for
/// the signed-in user, and the one refresh after a 401.
///
/// The transport path asks for a bearer only outside the unauthenticated allowlist, asks for a DPoP
/// proof only on `/auth/login`, `/auth/signup` and `/auth/token/refresh` (a new proof for every
/// attempt), and after a 401 on a request that carried a bearer calls
/// ``refreshAfterUnauthorized(rejectedToken:)`` once; when that returns `true` the request is
/// replayed once with the new token, otherwise the 401 is thrown as ``BackendError/unauthorized(_:)``.
package protocol PalbeSessionAuthority: Sendable {
    /// The current access token, or `nil` when there is no session.
    func accessToken() async -> String?
    /// A DPoP proof (RFC 9449) for `method` and `url` (the authority strips the query for `htu`),
    /// or `nil` when it cannot make one.
    func dpopProof(method: String, url: URL) async -> String?
    /// Refreshes the session after `rejectedToken` was refused; `true` when a replay may succeed.
    /// Concurrent 401s should share one refresh.
    func refreshAfterUnauthorized(rejectedToken: String) async -> Bool
}
