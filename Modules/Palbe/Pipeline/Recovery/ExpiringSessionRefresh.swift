import ErrorCore

/// Before an attempt that carries a bearer goes out, swaps a token that is expired or within 30 s
/// of expiry for a refreshed one (the session layer refreshes once for every caller), so the
/// request does not fail once and then retry.
///
/// A pre-send rule: it only prepares. When the session ended during the refresh, the attempt goes
/// out without a bearer, as every request of a signed-out client does; when the refresh failed for
/// a transient reason, the old token is sent and a 401 falls to ``SessionRefreshRecovery``.
package struct ExpiringSessionRefresh: RecoveryRule {
    /// A rule with nothing to remember.
    package init() {}

    package func prepare(_ attempt: inout Attempt, in context: RecoveryContext) async throws(BackendError) {
        guard let token = attempt.session.bearer, let authority = context.sessionAuthority else { return }
        let replacement = await authority.accessToken(toSendInsteadOf: token)
        if replacement != token {
            context.note("sending a refreshed access token for \(context.method.rawValue) \(context.routePath)")
        }
        attempt.session.bearer = replacement
    }
}
