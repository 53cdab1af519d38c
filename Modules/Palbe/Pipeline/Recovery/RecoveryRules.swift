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
    /// 1. ``NoResponseRetry``: only looks at attempts that got no response, so its place among the
    ///    response rules does not matter; it comes first because it is the first thing that can go
    ///    wrong.
    /// 2. ``ProofOfWorkRecovery`` (403 `pow_required`) and
    /// 3. ``SessionRefreshRecovery`` (401): rules that fix the cause of a refusal and replay at once.
    ///    A rule that must end the call on a 401 before any refresh (signing out on
    ///    `session_revoked`) goes right before the refresh.
    /// 4. ``GatewayRetry`` (502/503/504): waiting is the fallback once nothing could fix the
    ///    answer, so retries come after every rule that can.
    ///
    /// A pre-send rule (refreshing a token about to expire) goes first: pre-send hooks run in the
    /// same order, and later ones should see the token actually sent.
    package static func calls(backoff: Backoff) -> RecoveryRules {
        RecoveryRules([
            NoResponseRetry(backoff),
            ProofOfWorkRecovery(),
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
