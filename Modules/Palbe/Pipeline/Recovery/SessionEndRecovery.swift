import ErrorCore

/// Ends the local session when the server says it has ended: a 401 `session_revoked` or a 403
/// `subject_fenced` on an attempt that carried a bearer. The session layer forgets the session and
/// reports ``SignOutReason/sessionExpired``; the call fails with the answer as it came. A plain 403
/// (any other code) is an authorization denial and never signs out.
///
/// It comes right before ``SessionRefreshRecovery`` in ``RecoveryRules/calls(backoff:)``, so a
/// revoked session is never refreshed.
package struct SessionEndRecovery: RecoveryRule {
    /// The codes that end a session, with the status each must come with.
    static let endingCodes: [Int: String] = [401: "session_revoked", 403: "subject_fenced"]

    /// A rule with nothing to remember.
    package init() {}

    package func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) async -> RecoveryDecision {
        guard case .rejected(let status, _, let failure) = outcome, let ending = Self.endingCodes[status],
            failure.code == ending || Self.serverCode(of: failure) == ending,
            let rejected = attempt.session.bearer, let authority = context.sessionAuthority
        else { return .pass }
        context.note("the server ended the session (\(ending)); signing out")
        await authority.sessionEnded(rejectedToken: rejected)
        return .fail(failure)
    }

    /// The server's own code inside a 401 (``BackendError/code`` is `unauthorized` for every 401).
    private static func serverCode(of failure: BackendError) -> String? {
        switch failure {
        case .unauthorized(let auth), .appAttestRequired(let auth): auth.code
        default: nil
        }
    }
}
