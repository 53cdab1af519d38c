import ErrorCore

/// After a 401 on an attempt that carried a bearer, asks the session layer for one refresh; when it
/// says a replay may succeed, resends once (any verb) with the new token.
///
/// A failed refresh, a 401 without a bearer, or a second 401 are left to the rules after this one
/// (none takes them, so the 401 is thrown as ``BackendError/unauthorized(_:)``).
package struct SessionRefreshRecovery: RecoveryRule {
    /// Set once a refresh succeeded: a call replays at most once.
    private var refreshed = false

    /// A rule that has refreshed nothing yet.
    package init() {}

    package mutating func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) async -> RecoveryDecision {
        guard !refreshed, case .rejected(401, _, _) = outcome, let rejected = attempt.session.bearer,
            let authority = context.sessionAuthority,
            await authority.refreshAfterUnauthorized(rejectedToken: rejected)
        else { return .pass }
        refreshed = true
        context.note("replaying \(context.method.rawValue) after a session refresh")
        return .resend()
    }
}
