/// The three listeners: state drives the UI, events tell what happened, the user carries its
/// property changes.
extension AuthNamespace {
    /// Calls `listener` with the state now and at every change (sign-in, sign-out, expiry).
    ///
    /// ```swift
    /// unsubscribe = await pb.auth.onAuthStateChange { state in
    ///     let user: AuthUser? = if case .signedIn(let user) = state { user } else { nil }
    ///     Task { @MainActor in self.user = user }
    /// }
    /// ```
    ///
    /// The current state is replayed on subscribe, including a session restored at launch. While the
    /// stored session is still loading, the replay waits for it: the first value is the real one.
    /// Listeners run on the session's executor, one at a time and in order; keep them short and hop
    /// to your own actor for UI work. A token refresh changes no state.
    public func onAuthStateChange(_ listener: @escaping @Sendable (AuthState) -> Void) async -> Unsubscribe {
        await session.subscribe(state: listener)
    }

    /// Calls `listener` with every ``AuthEvent`` from now on; past events are not replayed.
    ///
    /// Events fire alongside state changes: a `.signedOut(reason: .sessionExpired)` event arrives
    /// together with the `.signedOut` state. ``AuthEvent/tokenRefreshed`` is seen only here.
    public func onAuthEvent(_ listener: @escaping @Sendable (AuthEvent) -> Void) async -> Unsubscribe {
        await session.subscribe(event: listener)
    }

    /// Calls `listener` with the cached user now (`nil` when signed out; deferred like
    /// ``onAuthStateChange(_:)`` while the stored session loads) and whenever it changes: a
    /// sign-in, a sign-out, ``refreshUser()``, a refresh whose answer describes the user differently.
    public func onUserChange(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> Unsubscribe {
        await session.subscribe(user: listener)
    }
}
