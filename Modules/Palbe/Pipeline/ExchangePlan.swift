/// How one kind of exchange runs through the pipeline: which rules recover from its outcomes, and
/// what it shares with the session layer and the correlation record.
struct ExchangePlan: Sendable {
    /// The rules, fresh for this exchange.
    var rules: RecoveryRules
    /// Whether attempts carry the session's bearer and DPoP proof (and rules see the session layer).
    var carriesSession: Bool
    /// Whether responses update ``PalbeCorrelation``.
    var recordsRequestID: Bool

    /// A backend call: the standard rules (``RecoveryRules/calls(backoff:)``) waiting by the
    /// runtime's policy and jitter, the session, the correlation record.
    static func call(_ runtime: PalbeRuntime) -> ExchangePlan {
        let backoff = Backoff(policy: runtime.retryPolicy, clock: runtime.clock)
        return ExchangePlan(rules: .calls(backoff: backoff), carriesSession: true, recordsRequestID: true)
    }

    /// `GET /.well-known/palbase-sealing-key`: no rules, no session, no correlation.
    ///
    /// - No resend after no response, although `GET` is idempotent: the fetch runs inside a sealed
    ///   call (often a `POST` that is itself never resent) and fails it with nothing sent; the key
    ///   store keeps no failure, so the app's next sealed call fetches again.
    /// - No session: the key is public, and a bearer has no business on it.
    /// - No proof of work: a challenge there is surfaced as the endpoint's status.
    /// - Not recorded as the last request id: it is the SDK's own request, not the app's call.
    static let sealingKeyFetch = ExchangePlan(rules: RecoveryRules([]), carriesSession: false, recordsRequestID: false)
}
