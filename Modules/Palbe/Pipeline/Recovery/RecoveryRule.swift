import ErrorCore
import Foundation

// A recovery rule and the small types it works with: what an attempt carries, what a rule sees of the
// call, what it decides, and how it waits.

// MARK: - RecoveryRule

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

// MARK: - Attempt

/// What one attempt carries beyond the prepared request: the session's headers, and headers a rule
/// added for this attempt only. Rules may change it in ``RecoveryRule/prepare(_:in:)``; after the
/// attempt they see it as sent.
package struct Attempt: Sendable {
    /// The bearer and DPoP proof, as the session layer gave them (empty when the plan carries no
    /// session).
    package var session: SessionHeaders
    /// Added after the SDK's headers and before the caller's (see ``ClientHeaders``); never carried
    /// over to the next attempt.
    package var headers: HTTPHeaders

    /// An attempt carrying `session` and `headers`.
    package init(session: SessionHeaders = SessionHeaders(), headers: HTTPHeaders = HTTPHeaders()) {
        self.session = session
        self.headers = headers
    }
}

/// How an attempt that did not succeed ended: what the rules decide on.
package enum AttemptOutcome: Sendable {
    /// No usable response; `failure` is ``BackendError/network(_:)`` when the network did not carry
    /// the exchange, ``BackendError/transport(_:)`` otherwise.
    case noResponse(BackendError)
    /// A non-2xx response, with what it maps to (``BackendErrorMapping``).
    case rejected(status: Int, headers: HTTPHeaders, failure: BackendError)

    /// The error the call ends with when no rule recovers.
    package var failure: BackendError {
        switch self {
        case .noResponse(let failure), .rejected(_, _, let failure): failure
        }
    }
}

// MARK: - RecoveryContext

/// What a rule may know about the call around an attempt.
package struct RecoveryContext: Sendable {
    /// The request's verb (retries follow it: only idempotent verbs are resent).
    package let method: PBMethod
    /// The route below the base URL, with a leading slash.
    package let routePath: String
    /// Retries (``RecoveryDecision/retry(after:)``) made so far in this call; replays do not count.
    package let retries: Int
    /// The session layer, when this call carries the session and one is installed.
    package let sessionAuthority: (any PalbeSessionAuthority)?
    /// The App Attest enrollment, for calls whose plan may assert (``AppAttestRecovery``).
    package let attestation: (any AppAttestAuthority)?
    /// The body exactly as sent (sealed when it is sealed; empty without one), which an assertion
    /// covers; `nil` for an upload, whose body is streamed from its parts and never held whole.
    package let body: Data?
    /// Writes a line to the debug trace: what the client does next and why.
    package let note: @Sendable (String) -> Void

    /// A context; `note` defaults to discarding.
    package init(
        method: PBMethod, routePath: String, retries: Int = 0,
        sessionAuthority: (any PalbeSessionAuthority)? = nil, attestation: (any AppAttestAuthority)? = nil,
        body: Data? = Data(), note: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.method = method
        self.routePath = routePath
        self.retries = retries
        self.sessionAuthority = sessionAuthority
        self.attestation = attestation
        self.body = body
        self.note = note
    }
}

// MARK: - RecoveryDecision

/// A rule's answer to an attempt that did not succeed.
package enum RecoveryDecision: Sendable {
    /// Not this rule's business: the next rule decides; when none is left, the outcome's failure is
    /// thrown.
    case pass
    /// Send again at once, with `headers` added to the next attempt only (a solved proof of work).
    /// A replay, not a retry: it does not count against ``BackoffPolicy/maxRetries``.
    case resend(adding: HTTPHeaders = HTTPHeaders())
    /// Wait, then send again: one of the retry policy's resends (``RecoveryContext/retries`` grows
    /// by one).
    case retry(after: Duration)
    /// End the call with `error` (usually the outcome's own failure); later rules are not asked.
    case fail(BackendError)
}

// MARK: - Backoff

/// What the retry rules wait by: the client's ``BackoffPolicy`` bound to the clock whose random
/// source picks the jitter.
package struct Backoff: Sendable {
    private let policy: BackoffPolicy
    private let clock: SDKClock

    /// Waits as `policy` says, with `clock`'s random source (a value in `0..<1`) picking the jitter.
    package init(policy: BackoffPolicy, clock: SDKClock) {
        self.policy = policy
        self.clock = clock
    }

    /// The wait before the next retry, or `nil` when there is none (see
    /// ``BackoffPolicy/delay(afterRetries:retryAfter:random:)``).
    func delay(after context: RecoveryContext, retryAfter: Int? = nil) -> Duration? {
        policy.delay(afterRetries: context.retries, retryAfter: retryAfter, random: clock.random())
    }
}
