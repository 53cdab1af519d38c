import ErrorCore

/// The listeners of one client's `pb.auth`, by kind. Registration and emission are the session
/// manager's (so a replay and a change can never interleave); removal is synchronous, from any
/// thread, which is what an ``Unsubscribe`` needs.
package final class AuthListeners: Sendable {
    private struct Registry {
        var nextID = 0
        var states: [Int: @Sendable (AuthState) -> Void] = [:]
        var events: [Int: @Sendable (AuthEvent) -> Void] = [:]
        var users: [Int: @Sendable (AuthUser?) -> Void] = [:]
    }

    private let registry = Locked(Registry())

    /// Registers a state listener; returns its id.
    func add(state listener: @escaping @Sendable (AuthState) -> Void) -> Int {
        registry.withLock { registry in
            registry.nextID += 1
            registry.states[registry.nextID] = listener
            return registry.nextID
        }
    }

    /// Registers an event listener; returns its id.
    func add(event listener: @escaping @Sendable (AuthEvent) -> Void) -> Int {
        registry.withLock { registry in
            registry.nextID += 1
            registry.events[registry.nextID] = listener
            return registry.nextID
        }
    }

    /// Registers a user listener; returns its id.
    func add(user listener: @escaping @Sendable (AuthUser?) -> Void) -> Int {
        registry.withLock { registry in
            registry.nextID += 1
            registry.users[registry.nextID] = listener
            return registry.nextID
        }
    }

    /// An ``Unsubscribe`` that removes listener `id`, of whatever kind.
    func unsubscriber(for id: Int) -> Unsubscribe {
        { [self] in
            registry.withLock { registry in
                registry.states[id] = nil
                registry.events[id] = nil
                registry.users[id] = nil
            }
        }
    }

    /// Calls every state listener with `state`, oldest first.
    func emit(_ state: AuthState) {
        for (id, listener) in registry.withLock({ $0.states.sorted { $0.key < $1.key } }) where isActive(id) {
            listener(state)
        }
    }

    /// Calls every event listener with `event`, oldest first.
    func emit(_ event: AuthEvent) {
        for (id, listener) in registry.withLock({ $0.events.sorted { $0.key < $1.key } }) where isActive(id) {
            listener(event)
        }
    }

    /// Calls every user listener with `user`, oldest first.
    func emit(user: AuthUser?) {
        for (id, listener) in registry.withLock({ $0.users.sorted { $0.key < $1.key } }) where isActive(id) {
            listener(user)
        }
    }

    /// How many listeners are registered, of every kind.
    package var count: Int {
        registry.withLock { $0.states.count + $0.events.count + $0.users.count }
    }

    /// Whether listener `id` is still registered: one removed after an emission began is skipped.
    private func isActive(_ id: Int) -> Bool {
        registry.withLock { $0.states[id] != nil || $0.events[id] != nil || $0.users[id] != nil }
    }
}
