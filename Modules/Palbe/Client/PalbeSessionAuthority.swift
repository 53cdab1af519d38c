import Foundation

/// The seam between the transport path and the session layer (`pb.auth`): what a request carries for
/// the signed-in user, the refresh before a token runs out, the one refresh after a 401, and the end
/// of a session the server revoked.
///
/// The transport path asks for a bearer only outside the unauthenticated allowlist, asks for a DPoP
/// proof only on `/auth/login`, `/auth/signup` and `/auth/token/refresh` (a new proof for every
/// attempt). Before each attempt that carries a bearer, ``ExpiringSessionRefresh`` asks
/// ``accessToken(toSendInsteadOf:)`` whether to send another one. After a 401 `session_revoked` or a
/// 403 `subject_fenced` on a request that carried a bearer, ``SessionEndRecovery`` calls
/// ``sessionEnded(rejectedToken:)`` and the call fails. After any other 401 on such a request,
/// ``SessionRefreshRecovery`` calls ``refreshAfterUnauthorized(rejectedToken:)`` once; when that
/// returns `true` the request is replayed once with the new token, otherwise the 401 is thrown as
/// ``BackendError/unauthorized(_:)``.
package protocol PalbeSessionAuthority: Sendable {
    /// The current access token, or `nil` when there is no session.
    func accessToken() async -> String?
    /// The token an attempt about to carry `token` should carry: `token` itself while it is fresh,
    /// a refreshed one when it is expired or close to expiry (the refresh happens here, shared by
    /// every caller), `nil` when the session ended meanwhile.
    func accessToken(toSendInsteadOf token: String) async -> String?
    /// A DPoP proof (RFC 9449) for `method` and `url` (the authority strips the query for `htu`),
    /// or `nil` when it cannot make one.
    func dpopProof(method: String, url: URL) async -> String?
    /// Refreshes the session after `rejectedToken` was refused; `true` when a replay may succeed.
    /// Concurrent 401s should share one refresh.
    func refreshAfterUnauthorized(rejectedToken: String) async -> Bool
    /// The server ended the session `rejectedToken` belongs to (`session_revoked`,
    /// `subject_fenced`): forget it locally.
    func sessionEnded(rejectedToken: String) async
}
