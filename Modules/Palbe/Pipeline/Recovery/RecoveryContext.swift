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
    /// Writes a line to the debug trace: what the client does next and why.
    package let note: @Sendable (String) -> Void

    /// A context; `note` defaults to discarding.
    package init(
        method: PBMethod, routePath: String, retries: Int = 0,
        sessionAuthority: (any PalbeSessionAuthority)? = nil, note: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.method = method
        self.routePath = routePath
        self.retries = retries
        self.sessionAuthority = sessionAuthority
        self.note = note
    }
}
