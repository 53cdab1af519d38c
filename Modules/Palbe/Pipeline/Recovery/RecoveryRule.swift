import ErrorCore

/// One way the request pipeline recovers from an attempt that did not succeed, or prepares an
/// attempt before it is sent.
///
/// The pipeline (`Palbe.run(_:plan:)`) owns a ``RecoveryRules`` value for the whole call and asks
/// its rules, in their documented order:
///
/// - before every attempt, ``prepare(_:in:)``: a rule may change what the attempt carries (the
///   session's headers, headers for this attempt only), or end the call before anything is sent;
/// - after every attempt that got no response or a non-2xx one, ``decide(after:to:in:)``: the first
///   rule whose answer is not ``RecoveryDecision/pass`` decides. When every rule passes, the
///   outcome's own failure is thrown.
///
/// A rule keeps whatever it must remember within one call ("already solved a challenge") in its
/// own stored properties: it is a value, copied fresh for every call, and mutated only by the loop
/// that owns it. Rules never send or sleep themselves: they answer, and the loop acts.
///
/// ## Adding a rule
///
/// Write one type in its own file under `Pipeline/Recovery/` and add one line for it to
/// ``RecoveryRules/calls(backoff:)`` at the place its order comment gives. For example:
///
/// - refreshing a token that is about to expire, before it is sent: implement only
///   ``prepare(_:in:)``; look at `attempt.session.bearer`, refresh through
///   `context.sessionAuthority`, and put the new token in `attempt.session.bearer`. It goes first,
///   so later pre-send hooks see the token actually sent.
/// - signing out on `session_revoked` or `subject_fenced`: implement ``decide(after:to:in:)``;
///   for a 401 `session_revoked` (``BackendError/unauthorized(_:)``) or a 403 `subject_fenced`
///   (``BackendError/server(_:)``), sign out through `context.sessionAuthority` and answer
///   `.fail(outcome.failure)`. It goes right before ``SessionRefreshRecovery``, so a revoked
///   session is never refreshed.
package protocol RecoveryRule: Sendable {
    /// Adjusts `attempt` before it is sent; throwing ends the call with that error and sends
    /// nothing. The default does nothing.
    mutating func prepare(_ attempt: inout Attempt, in context: RecoveryContext) async throws(BackendError)

    /// What to do after `attempt` ended in `outcome`: ``RecoveryDecision/pass`` when this rule has
    /// nothing to say about it.
    mutating func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) async -> RecoveryDecision
}

extension RecoveryRule {
    /// Nothing to prepare.
    package mutating func prepare(_ attempt: inout Attempt, in context: RecoveryContext) async throws(BackendError) {}

    /// Nothing to say about outcomes (a pre-send rule).
    package mutating func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) async -> RecoveryDecision {
        .pass
    }
}
