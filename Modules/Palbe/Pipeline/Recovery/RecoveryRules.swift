import ErrorCore

// The rules a backend call runs, in the order ``RecoveryRules/calls(backoff:)`` asks them, and the value
// that runs them for one call; the loop that asks them is ``RequestPipeline``'s.

// MARK: - RecoveryRules

/// The rules one call runs, in order, with their per-call state: the value the pipeline's loop owns
/// and mutates, fresh for every call.
package struct RecoveryRules: Sendable {
    /// The rules, in the order they are asked.
    package private(set) var rules: [any RecoveryRule]

    /// `rules`, asked in the order given.
    package init(_ rules: [any RecoveryRule]) {
        self.rules = rules
    }

    /// What every backend call runs, in this order:
    ///
    /// 1. ``ExpiringSessionRefresh``: a pre-send rule (refreshing a token that is expired or about to
    ///    expire). It goes first: pre-send hooks run in the same order, and later ones should see the
    ///    token actually sent.
    /// 2. ``NoResponseRetry``: only looks at attempts that got no response, so its place among the
    ///    response rules does not matter; it comes first because it is the first thing that can go
    ///    wrong.
    /// 3. ``ProofOfWorkRecovery`` (403 `pow_required`).
    /// 4. ``AppAttestRecovery`` (401 `app_attest_required`): like proof of work, fixes the cause of
    ///    a refusal (attests) and replays at once. It goes before the two session rules because
    ///    `app_attest_required` is a 401 about the device, not the token: it decides every one itself,
    ///    so no session is refreshed or ended for it.
    /// 5. ``SessionEndRecovery`` (401 `session_revoked`, 403 `subject_fenced`): ends the call and the
    ///    session, right before the refresh, so a revoked session is never refreshed.
    /// 6. ``SessionRefreshRecovery`` (401): like proof of work, fixes the cause of a refusal and
    ///    replays at once.
    /// 7. ``GatewayRetry`` (502/503/504): waiting is the fallback once nothing could fix the
    ///    answer, so retries come after every rule that can.
    package static func calls(backoff: Backoff) -> RecoveryRules {
        RecoveryRules([
            ExpiringSessionRefresh(),
            NoResponseRetry(backoff),
            ProofOfWorkRecovery(),
            AppAttestRecovery(),
            SessionEndRecovery(),
            SessionRefreshRecovery(),
            GatewayRetry(backoff),
        ])
    }

    /// Runs every rule's pre-send hook on `attempt`, in order; the first to throw ends the call.
    package mutating func prepare(_ attempt: inout Attempt, in context: RecoveryContext) async throws(BackendError) {
        for index in rules.indices {
            try await rules[index].prepare(&attempt, in: context)
        }
    }

    /// The first decision that is not ``RecoveryDecision/pass`` (later rules are not asked), or
    /// ``RecoveryDecision/pass`` when every rule passed.
    package mutating func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) async -> RecoveryDecision {
        for index in rules.indices {
            let decision = await rules[index].decide(after: outcome, to: attempt, in: context)
            if case .pass = decision { continue }
            return decision
        }
        return .pass
    }
}

// MARK: - ExpiringSessionRefresh

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

// MARK: - NoResponseRetry

/// Resends an idempotent request after a failure that got no response (``BackendError/network(_:)``),
/// waiting as ``BackoffPolicy`` says, until the policy's resends are spent.
///
/// A ``BackendError/transport(_:)`` (TLS, an unusable URL) is not retried: sending again would fail
/// the same way.
package struct NoResponseRetry: RecoveryRule {
    private let backoff: Backoff

    /// A rule waiting by `backoff`.
    package init(_ backoff: Backoff) {
        self.backoff = backoff
    }

    package func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) -> RecoveryDecision {
        guard case .noResponse(.network) = outcome, context.method.isIdempotent,
            let delay = backoff.delay(after: context)
        else { return .pass }
        context.note("retry \(context.retries + 1) of \(context.method.rawValue) in \(delay) after no response")
        return .retry(after: delay)
    }
}

// MARK: - ProofOfWorkRecovery

/// Answers a 403 `pow_required` once per call: solves its challenge and resends, for any verb, with
/// `X-PoW-Challenge-ID` and `X-PoW-Nonce` on the next attempt only.
///
/// A challenge that is malformed is not this rule's; one harder than
/// ``ProofOfWorkSolver/maximumDifficulty`` ends the call with the 403; a second challenge in the
/// same call is left to the rules after this one (none takes it, so it is thrown).
package struct ProofOfWorkRecovery: RecoveryRule {
    /// Set once a challenge was taken on: a call solves at most one.
    private var solved = false

    /// A rule that has solved nothing yet.
    package init() {}

    package mutating func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) async -> RecoveryDecision {
        guard !solved, case .rejected(403, _, .server(let server)) = outcome, server.code == "pow_required",
            let challenge = ProofOfWorkChallenge(server.data)
        else { return .pass }
        solved = true
        context.note("solving a proof-of-work challenge of difficulty \(challenge.difficulty)")
        do {
            guard let solution = try await ProofOfWorkSolver.solve(challenge) else { return .fail(outcome.failure) }
            return .resend(adding: ["X-PoW-Challenge-ID": solution.challengeID, "X-PoW-Nonce": solution.nonce])
        } catch {
            return .fail(.cancelled(error, requestSent: true))
        }
    }
}

// MARK: - SessionEndRecovery

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
        guard case .rejected(let status, _, let failure) = outcome, let ending = Self.ending(failure, status: status),
            let rejected = attempt.session.bearer, let authority = context.sessionAuthority
        else { return .pass }
        context.note("the server ended the session (\(ending)); signing out")
        await authority.sessionEnded(rejectedToken: rejected)
        return .fail(failure)
    }

    /// The code, when `failure` (answered with `status`) says the server ended the session; `nil` otherwise.
    static func ending(_ failure: BackendError, status: Int) -> String? {
        guard let ending = endingCodes[status], failure.code == ending || serverCode(of: failure) == ending else {
            return nil
        }
        return ending
    }

    /// The server's own code inside a 401 (``BackendError/code`` is `unauthorized` for every 401).
    private static func serverCode(of failure: BackendError) -> String? {
        switch failure {
        case .unauthorized(let auth), .appAttestRequired(let auth): auth.code
        default: nil
        }
    }
}

// MARK: - SessionRefreshRecovery

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

// MARK: - GatewayRetry

/// Resends an idempotent request after a 502, 503 or 504, waiting as ``BackoffPolicy`` says and at
/// least as long as a `Retry-After` asks; a `Retry-After` longer than the policy honours ends the
/// call with the response instead.
///
/// It shares the policy's resends with ``NoResponseRetry``: both count ``RecoveryContext/retries``.
package struct GatewayRetry: RecoveryRule {
    private let backoff: Backoff

    /// A rule waiting by `backoff`.
    package init(_ backoff: Backoff) {
        self.backoff = backoff
    }

    package func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) -> RecoveryDecision {
        guard case .rejected(let status, let headers, _) = outcome, BackoffPolicy.palbeRetriedStatuses.contains(status),
            context.method.isIdempotent,
            let delay = backoff.delay(after: context, retryAfter: RetryAfter.seconds(from: headers["Retry-After"]))
        else { return .pass }
        context.note("retry \(context.retries + 1) of \(context.method.rawValue) in \(delay) after \(status)")
        return .retry(after: delay)
    }
}
