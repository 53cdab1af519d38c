import ErrorCore
import Foundation
import SDKCrypto

/// The token actor: one client's session, its persistence, its refreshes and its listeners.
///
/// - **Boot.** The persisted unit is read once, in the background, as the client is made
///   (``startHydration()``). Until the state is known, listeners get no replay, and requests that
///   need a token wait; a sign-in or sign-out that happens first makes the state known, and the
///   unit read afterwards is then ignored (the sign-in wins).
/// - **A store that cannot be read now** (a Keychain locked since boot: ``SecureStoreError/Kind/unavailable``)
///   is not an empty one: nothing is signed out or deleted. The state stays unknown and the unit is read
///   again, after 50 ms and then twice as long each time up to 2 s, and at once when the system says
///   protected data became available. Meanwhile a request, a sign-in's proof or a sign-out waits at most
///   ``storeWaitLimit``: then the request fails with ``BackendError/network(_:)`` (nothing sent, state
///   still unknown), a sign-in goes ahead with a new device key, and a sign-out signs out and removes
///   the unit once the store can be written.
/// - **A device key this device cannot open** (a Secure Enclave key in a unit restored onto another device)
///   ends the session bound to it at boot: state `.signedOut`, event `.signedOut(reason: .sessionExpired)`,
///   and a new key is written in its place. Never a crash.
/// - **Persistence.** Every change writes the whole unit (device key, session, cached user) in
///   the order the changes happened. A refreshed pair is written before the new access token is
///   handed to any request.
/// - **Refresh.** One refresh at a time; every caller that needs one meanwhile waits for it.
///
/// Requests read the token without a hop to the actor while the state is known and the token is
/// fresh (a locked snapshot, ``accessToken()``); everything else is isolated.
package actor SessionManager {
    /// How close to expiry a token is refreshed before it is sent, in seconds.
    static let refreshMargin: Int64 = 30

    /// What a refresh came to.
    package enum RefreshOutcome: Sendable, Equatable {
        /// New tokens are stored and in use.
        case refreshed
        /// The server refused the session: it is gone, and ``SignOutReason/sessionExpired`` fired.
        case ended
        /// No answer, a 5xx, 408 or 429, an unreadable answer or no sealing key: the session stays.
        case transientFailure
        /// The session changed while the refresh ran; its answer was dropped.
        case superseded
    }

    /// What requests read without the actor.
    struct Snapshot: Sendable {
        var booted = false
        /// Moves of the unit to another store (``relocate(to:)``) not yet read back: requests wait for them.
        var relocations = 0
        var accessToken: SecretToken?
        var expiresAt: Int64 = 0
    }

    /// How long a request, a sign-in's proof or a sign-out waits for a store that cannot be read now.
    package nonisolated let storeWaitLimit: Duration
    package nonisolated let listeners = AuthListeners()
    package nonisolated let persistence: SessionPersistence
    nonisolated let clock: SDKClock
    nonisolated let note: @Sendable (String) -> Void
    nonisolated let snapshot = Locked(Snapshot())
    #if canImport(UIKit) && !os(watchOS)
        /// The `protectedDataDidBecomeAvailable` observation, removed with the manager.
        private nonisolated let protectedDataObservation = Locked<(any NSObjectProtocol)?>(nil)

        deinit {
            guard let token = protectedDataObservation.withLock({ $0 }) else { return }
            ProtectedDataObserver.stop(token)
        }
    #endif
    /// The pipeline the manager's own refresh and step-up go through, with their plan
    /// (``ExchangePlan/sessionRotation``).
    nonisolated let pipeline: RequestPipeline

    /// Whether the state is known (the unit was read, or a sign-in or sign-out came first).
    private var booted = false
    /// Whether the unit was read, so the device key is known.
    private var hydrated = false
    var session: SignedInSession?
    private var deviceKey: DeviceKey?
    /// Bumped by every sign-in and sign-out, so work begun for one session never touches another.
    package private(set) var generation = 0
    /// A change made before the unit was read, to write once it has been.
    private var persistPending = false
    /// The deferred write of a sign-in that beat the read, once the read finished.
    private var deferredWrite: Task<Void, Never>?
    private var bootWaiters: [CheckedContinuation<Void, Never>] = []
    /// Waits with a limit (``waitForBoot(upTo:)``, ``waitForHydration(upTo:)``), by id: resumed with `true`
    /// at their milestone, `false` at their limit.
    private var limitedWaiters: [Int: LimitedWaiter] = [:]
    private var limitedWaiterIDs = 0
    /// Reads of the unit that found the store unreadable, in a row; and the next read, when one is due.
    private var unreadableReads = 0
    private var reread: Task<Void, Never>?
    private var reading = false
    /// The event of a boot whose announcement waited for a move of the unit (a lost device key's expiry).
    private var bootEvent: AuthEvent?
    private var keyWaiters: [CheckedContinuation<Void, Never>] = []
    var refresh: (id: Int, task: Task<RefreshOutcome, Never>)?
    var refreshes = 0

    /// A manager keeping its unit in `persistence`, rotating its tokens through `pipeline`, reading time
    /// from `clock` and writing notes to `note` (the client's debug trace; never a token).
    init(
        persistence: SessionPersistence, pipeline: RequestPipeline, clock: SDKClock,
        storeWaitLimit: Duration = .seconds(10), note: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.storeWaitLimit = storeWaitLimit
        self.persistence = persistence
        self.pipeline = pipeline
        self.clock = clock
        self.note = note
    }

    /// Sends one of the manager's own token rotations (``ExchangePlan/sessionRotation``): the headers its
    /// route carries come from this manager, and no session rule runs, so nothing here can start a refresh.
    func rotationExchange(
        _ request: PBRequest, rejection: inout ExchangeRejection?
    ) async throws(BackendError) -> Delivery {
        try await pipeline.exchange(request, plan: .sessionRotation, authority: self, rejection: &rejection)
    }

    /// Queues the read of the persisted unit; called once by the client as it is made.
    nonisolated func startHydration() {
        #if canImport(UIKit) && !os(watchOS)
            let token = ProtectedDataObserver.observe { [weak self] in
                guard let self else { return }
                Task { await self.readAgainNow() }
            }
            protectedDataObservation.withLock { $0 = token }
        #endif
        Task { await self.read() }
    }

    /// Reads the unit unless it is read or being read.
    private func read() {
        guard !hydrated, !reading else { return }
        reading = true
        persistence.load { [weak self] result in
            guard let self else { return }
            Task { await self.finishHydration(result) }
        }
    }

    /// The system says protected data became available: read now instead of at the next retry.
    func readAgainNow() {
        guard !hydrated, reread != nil else { return }
        reread?.cancel()
        reread = nil
        read()
    }

    // MARK: - Reads

    /// The session, once the state is known.
    package func currentSession() async -> SignedInSession? {
        await waitForBoot()
        return session
    }

    /// The state, once known.
    package func currentState() async -> AuthState {
        await waitForBoot()
        return state
    }

    private var state: AuthState {
        session.map { .signedIn($0.user) } ?? .signedOut
    }

    // MARK: - Listeners

    /// Registers a state listener and replays the state to it now, or at boot when it is not known yet.
    func subscribe(state listener: @escaping @Sendable (AuthState) -> Void) -> Unsubscribe {
        let id = listeners.add(state: listener)
        if booted { listener(state) }
        return listeners.unsubscriber(for: id)
    }

    /// Registers an event listener; events are never replayed.
    func subscribe(event listener: @escaping @Sendable (AuthEvent) -> Void) -> Unsubscribe {
        listeners.unsubscriber(for: listeners.add(event: listener))
    }

    /// Registers a user listener and replays the cached user to it now, or at boot.
    func subscribe(user listener: @escaping @Sendable (AuthUser?) -> Void) -> Unsubscribe {
        let id = listeners.add(user: listener)
        if booted { listener(session?.user) }
        return listeners.unsubscriber(for: id)
    }

    // MARK: - Changes

    /// Makes `new` the session (a sign-in), announces it, and stores it. Returns once it is stored,
    /// or at once when the unit has not been read yet (it is stored right after).
    package func adopt(_ new: SignedInSession) async {
        generation += 1
        session = new
        publish()
        announce(.signedIn(new.user))
        await persist(deferringUntilHydrated: true)
    }

    /// Forgets the session of `generation` (the current one when `nil`), announces
    /// `.signedOut(reason:)` and removes the unit; does nothing when there is no such session.
    ///
    /// `holdingStoreLock`: the caller holds the store's cross-process lock (a refresh the server refused),
    /// so the write must not ask for it again.
    func end(reason: SignOutReason, generation expected: Int? = nil, holdingStoreLock: Bool = false) async {
        await waitForBoot()
        guard session != nil, expected.map({ $0 == generation }) ?? true else { return }
        forget(reason: reason)
        await persist(holdingStoreLock: holdingStoreLock)
    }

    /// The state part of ``end(reason:generation:holdingStoreLock:)``: forgets the session and announces
    /// it, writing nothing (the caller found the store signed out already, or writes it itself).
    func forget(reason: SignOutReason) {
        generation += 1
        session = nil
        // A new session gets a new device key: nothing links it to the one that ended.
        if hydrated { deviceKey = DeviceKey() }
        publish()
        announce(.signedOut(reason: reason))
    }

    /// The device key another process stored with the session this one adopts.
    func adoptDeviceKey(_ key: DeviceKey) {
        deviceKey = key
    }

    /// Marks a change of session made elsewhere (another process signed in).
    func bumpGeneration() {
        generation += 1
    }

    /// Signs out while the store still cannot be read (``AuthNamespace/signOut()`` after ``storeWaitLimit``):
    /// the state becomes signed out at once, with a new device key, and the unit is removed as soon as
    /// the store can be read, which then does not restore it.
    func endWhileUnknown(reason: SignOutReason) {
        guard !booted else { return }
        forget(reason: reason)
        deviceKey = DeviceKey()  // `forget` makes none before the unit was read
        persistPending = true
    }

    /// Replaces the cached user (``AuthNamespace/refreshUser()``): stores it and tells the user
    /// listeners, never the state listeners. Ignored when the session changed since `generation`.
    func updateUser(_ user: AuthUser, generation expected: Int) async {
        guard expected == generation, var current = session else { return }
        current.user = user
        session = current
        listeners.emit(user: user)
        await persist()
    }

    // MARK: - Boot

    /// Applies the unit read at launch, unless a sign-in or sign-out came first.
    private func finishHydration(_ result: Result<PersistedAuth?, any Error>) {
        reading = false
        var unit: PersistedAuth?
        switch result {
        case .success(let read): unit = read
        case .failure(let error as SecureStoreError) where error.kind == .unavailable:
            // Locked is not missing: the state stays unknown, nothing is deleted, and the unit is read again.
            unreadableReads += 1
            if unreadableReads == 1 { startWaitTimers() }
            let delay = BackoffPolicy.unreadableStore.backoff(afterRetries: unreadableReads - 1)
            if unreadableReads == 1 { note("the session store cannot be read now (\(error)); reading it again") }
            reread = Task { [weak self, clock] in
                guard (try? await clock.sleep(for: delay)) != nil, let self else { return }
                await self.rereadAfterDelay()
            }
            return
        case .failure(let error): note("the stored session cannot be used (\(error)); starting signed out")
        }
        reread = nil
        hydrated = true
        // A key this device cannot open (an enclave key restored onto another device): the session bound to it
        // cannot prove its key any more, so it ends as expired, and a new key replaces the unit.
        let restoredKey = unit?.key
        let keyLost = unit != nil && restoredKey == nil
        var lostSession = false
        if keyLost {
            note("the stored device key cannot be used on this device; the session bound to it has ended")
            persistPending = true
        }
        // A sign-in made while the store could not be read used a key of its own: it stays that session's.
        deviceKey =
            generation == 0 ? (restoredKey ?? deviceKey ?? DeviceKey()) : (deviceKey ?? restoredKey ?? DeviceKey())
        if generation == 0 {
            session = keyLost ? nil : unit?.session
            lostSession = keyLost && unit?.session != nil
            publish()
        }
        for waiter in keyWaiters { waiter.resume() }
        keyWaiters = []
        reached(.hydration)
        // While the unit is being moved to another store, the first state waits for the read of the new home.
        if !booted, snapshot.withLock({ $0.relocations }) == 0 {
            announce(lostSession ? .signedOut(reason: .sessionExpired) : nil)
        } else if lostSession {
            bootEvent = .signedOut(reason: .sessionExpired)
        }
        if persistPending {
            persistPending = false
            deferredWrite = Task { await persist() }
        }
    }

    private func rereadAfterDelay() {
        reread = nil
        read()
    }

    /// Tells the listeners about the current state: at boot, the replay every early subscriber was
    /// waiting for; after a change, the change, with `event`.
    private func announce(_ event: AuthEvent?) {
        if !booted {
            booted = true
            publish()
            releaseBootWaiters()
        }
        listeners.emit(state)
        listeners.emit(user: session?.user)
        if let event { listeners.emit(event) }
    }

    /// Waits until the state is known (and no move of the unit to another store is still being read back).
    package func waitForBoot() async {
        if isSettledBoot { return }
        await withCheckedContinuation { bootWaiters.append($0) }
    }

    /// Waits until the state is known, at most `limit` (read from the SDK clock); whether it is known.
    package func waitForBoot(upTo limit: Duration) async -> Bool {
        if isSettledBoot { return true }
        return await waitLimited(limit, for: .boot)
    }

    private var isSettledBoot: Bool {
        booted && snapshot.withLock { $0.relocations } == 0
    }

    // MARK: - Moving the unit

    /// Moves the unit to `store` (`configure(messagingAppGroup:)`): the persistence's home changes now, and the
    /// state is read back from the new home before any request or listener relies on it, so a process whose
    /// launch read its old home (empty for an extension, whose own store never held the app's session) still
    /// ends up with the session the group holds.
    nonisolated func relocate(to store: any SecureStore) {
        snapshot.withLock { snapshot in
            snapshot.relocations += 1
            snapshot.booted = false
        }
        persistence.relocate(to: store)
        Task { await self.readBackAfterRelocation() }
    }

    /// After the launch read, reads the new home (queued after the move) and, unless someone signed in or out
    /// meanwhile, makes its unit the state; then lets the waiting requests and listeners go.
    private func readBackAfterRelocation() async {
        if !hydrated { await withCheckedContinuation { keyWaiters.append($0) } }
        let unit = try? await persistence.read()
        let remaining = snapshot.withLock { snapshot in
            snapshot.relocations -= 1
            return snapshot.relocations
        }
        var changed = false
        if generation == 0, let unit, unit.session != session, let key = unit.key {
            session = unit.session
            deviceKey = key
            changed = true
        }
        publish()
        guard remaining == 0 else { return }
        if !booted {
            announce(bootEvent)
            bootEvent = nil
        } else {
            if changed { announce(nil) }
            releaseBootWaiters()
        }
    }

    /// Lets every wait for the boot go: the state is known (and no move is being read back).
    private func releaseBootWaiters() {
        for waiter in bootWaiters { waiter.resume() }
        bootWaiters = []
        reached(.boot)
    }

    /// Waits until the unit was read, at most `limit`; whether it was.
    func waitForHydration(upTo limit: Duration) async -> Bool {
        if hydrated { return true }
        return await waitLimited(limit, for: .hydration)
    }

    private enum Milestone { case boot, hydration }

    /// A wait with a limit: its continuation, and the timer of its limit once that runs.
    private struct LimitedWaiter {
        let milestone: Milestone
        let limit: Duration
        let continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    /// Waits for `milestone`. The limit runs only while the store is known to be unreadable: a read that
    /// is merely slow (a Keychain busy at launch) is waited for as long as it takes.
    private func waitLimited(_ limit: Duration, for milestone: Milestone) async -> Bool {
        limitedWaiterIDs += 1
        let id = limitedWaiterIDs
        return await withCheckedContinuation { continuation in
            limitedWaiters[id] = LimitedWaiter(milestone: milestone, limit: limit, continuation: continuation)
            if unreadableReads > 0 { startTimer(of: id) }
        }
    }

    /// The store was just found unreadable: the limits of the waits already queued start now.
    private func startWaitTimers() {
        for (id, waiter) in limitedWaiters where waiter.timer == nil { startTimer(of: id) }
    }

    private func startTimer(of id: Int) {
        guard let limit = limitedWaiters[id]?.limit else { return }
        limitedWaiters[id]?.timer = Task { [weak self, clock] in
            try? await clock.sleep(for: limit)
            await self?.expire(id)
        }
    }

    /// `milestone` happened: its waits end with `true`.
    private func reached(_ milestone: Milestone) {
        for (id, waiter) in limitedWaiters where waiter.milestone == milestone {
            limitedWaiters[id] = nil
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    private func expire(_ id: Int) {
        limitedWaiters.removeValue(forKey: id)?.continuation.resume(returning: false)
    }

    /// Waits until every change made so far is in the store: the read finished, and the write a sign-in
    /// deferred until it (see ``adopt(_:)``) is done. A process about to exit (the CLI) calls this, so a
    /// sign-in that beat a slow read is not lost with the process.
    package func settled() async {
        if !hydrated { await withCheckedContinuation { keyWaiters.append($0) } }
        await deferredWrite?.value
    }

    /// Waits until the unit was read, so the device key is the persisted one; when the store cannot be read
    /// for ``storeWaitLimit``, a new key (a sign-in then binds its session to it).
    func waitForDeviceKey() async -> DeviceKey {
        if !hydrated, !(await waitForHydration(upTo: storeWaitLimit)), deviceKey == nil {
            note("the session store still cannot be read; this sign-in gets a new device key")
        }
        if let deviceKey { return deviceKey }
        let fresh = DeviceKey()
        deviceKey = fresh
        return fresh
    }

    // MARK: - Persistence

    /// Writes the current unit (or removes it when signed out), after everything written before.
    ///
    /// Before the stored unit was read there is no device key to write with. A sign-in that beats the read
    /// (`deferringUntilHydrated`) must not wait for it, so its write is queued for the end of the read; every
    /// other change waits for the read and returns once its own write is done, so a caller that saw it
    /// return never reads the old unit from the store.
    private func persist(deferringUntilHydrated: Bool = false, holdingStoreLock: Bool = false) async {
        if !hydrated {
            if deferringUntilHydrated {
                persistPending = true
                return
            }
            await withCheckedContinuation { keyWaiters.append($0) }
        }
        guard deviceKey != nil else { return }
        // Writes take the store's cross-process lock, so they never land inside another process's refresh.
        let lock = holdingStoreLock ? nil : await persistence.lock()
        defer { lock?.release() }
        // The session may have changed while the lock was awaited: what is written is what is current now.
        guard let deviceKey else { return }
        do {
            if let session {
                try await persistence.save(PersistedAuth(deviceKey: deviceKey, session: session))
            } else {
                try await persistence.clear()
            }
        } catch {
            note("the session could not be stored (\(error))")
        }
    }

    /// Updates what requests read without the actor.
    func publish() {
        let booted = booted
        let session = session
        snapshot.withLock { snapshot in
            snapshot.booted = booted && snapshot.relocations == 0
            snapshot.accessToken = session?.accessToken
            snapshot.expiresAt = session?.expiresAt ?? 0
        }
    }
}

extension SessionManager: CustomReflectable {
    /// No children: nothing of the session is reachable through `Mirror` or `dump`.
    package nonisolated var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
