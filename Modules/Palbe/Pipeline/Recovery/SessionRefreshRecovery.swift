import ErrorCore

/// After a 401 on an attempt that carried a bearer, asks the session layer for one refresh; when it
/// says a replay may succeed, resends once (any verb) with the new token.
///
/// A failed refresh, a 401 without a bearer, a second 401, and a 401 a new token cannot fix (a wrong
/// password, `invalid_credentials`) are left to the rules after this one (none takes them, so the 401
/// is thrown as ``BackendError/unauthorized(_:)``).
package struct SessionRefreshRecovery: RecoveryRule {
    /// 401 codes about what the request said rather than the token it carried: refreshing the
    /// session would rotate its tokens for nothing.
    static let codesNotAboutTheToken: Set<String> = [
        "invalid_credentials",
        "passkey_invalid",
    ]

    /// Set once a refresh succeeded: a call replays at most once.
    private var refreshed = false

    /// A rule that has refreshed nothing yet.
    package init() {}

    package mutating func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) async -> RecoveryDecision {
        guard !refreshed, case .rejected(401, _, let failure) = outcome, let rejected = attempt.session.bearer,
            !Self.isNotAboutTheToken(failure),
            let authority = context.sessionAuthority,
            await authority.refreshAfterUnauthorized(rejectedToken: rejected)
        else { return .pass }
        refreshed = true
        context.note("replaying \(context.method.rawValue) after a session refresh")
        return .resend()
    }

    private static func isNotAboutTheToken(_ failure: BackendError) -> Bool {
        guard case .unauthorized(let auth) = failure else { return false }
        return codesNotAboutTheToken.contains(auth.code)
    }
}
