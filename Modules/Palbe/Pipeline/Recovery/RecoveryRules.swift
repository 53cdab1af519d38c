import ErrorCore

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
    /// 4. ``SessionEndRecovery`` (401 `session_revoked`, 403 `subject_fenced`): ends the call and the
    ///    session, right before the refresh, so a revoked session is never refreshed.
    /// 5. ``SessionRefreshRecovery`` (401): like proof of work, fixes the cause of a refusal and
    ///    replays at once.
    /// 6. ``GatewayRetry`` (502/503/504): waiting is the fallback once nothing could fix the
    ///    answer, so retries come after every rule that can.
    package static func calls(backoff: Backoff) -> RecoveryRules {
        RecoveryRules([
            ExpiringSessionRefresh(),
            NoResponseRetry(backoff),
            ProofOfWorkRecovery(),
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
