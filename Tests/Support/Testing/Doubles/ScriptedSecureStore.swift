import ErrorCore
import Foundation
import SDKCrypto

/// The secure store double: a device's store in memory, or a real store (a `FileSecureStore` a relaunch
/// shares) seen through the states a device's Keychain can be in and a file store cannot be put in on
/// purpose: locked before the first unlock after a restart, slow to answer, failing one operation.
///
/// The failures and gates apply to the calls made through this double; ``inner`` is the store underneath,
/// which a test reads or writes directly to set up or check what is really stored. Writes and deletes are
/// counted as they arrive, reads as they fail.
public final class ScriptedSecureStore: SecureStore {
    /// A call to the store.
    public enum Operation: String, Sendable, Hashable {
        case read, write, delete
    }

    /// What a Keychain answers before the first unlock after a restart (`errSecInteractionNotAllowed`).
    public static let lockedCode: Int32 = -25308

    /// The store underneath: every call this double lets through goes to it.
    public let inner: any SecureStore
    /// Fired by the first write or delete that reached ``inner``.
    public let changed = TestSignal()
    private let state = Locked(State())

    private struct State {
        var failures: [Operation: (error: SecureStoreError, budget: CallBudget)] = [:]
        var gates: [Operation: (gate: TestGate, budget: CallBudget)] = [:]
        var failedReads = 0
        var writes = 0
        var deletes = 0
    }

    /// A store over `inner` (by default, an empty one in memory that no other client shares) whose first
    /// `lockedReads` reads fail as ``SecureStoreError/Kind/unavailable`` with ``lockedCode``, as a Keychain
    /// before the first unlock: `.max` keeps it locked until ``unlock()``.
    public init(over inner: (any SecureStore)? = nil, lockedReads: Int = 0) {
        self.inner = inner ?? MemoryStore()
        if lockedReads > 0 { fail(.read, .unavailable, code: Self.lockedCode, times: lockedReads) }
    }

    /// Fails the next `times` calls of `operation` with a `kind` error of `code` (by default `EIO`, as a
    /// process killed there would leave it) before they reach ``inner``.
    public func fail(_ operation: Operation, _ kind: SecureStoreError.Kind = .io, code: Int32 = EIO, times: Int = .max)
    {
        let error = SecureStoreError(kind: kind, operation: operation.rawValue, code: code)
        state.withLock { $0.failures[operation] = (error, CallBudget(times)) }
    }

    /// Lets reads through from now on, as a Keychain after the first unlock.
    public func unlock() { state.withLock { $0.failures[.read] = nil } }

    /// Holds the next `times` calls of `operation` at the gate it returns, blocking their threads (as a
    /// slow Keychain does) until the test opens it.
    public func hold(_ operation: Operation, times: Int = 1) -> TestGate {
        let gate = TestGate()
        state.withLock { $0.gates[operation] = (gate, CallBudget(times)) }
        return gate
    }

    /// How many reads failed.
    public var failedReads: Int { state.withLock { $0.failedReads } }
    /// How many writes were asked for, whether or not they succeeded.
    public var writes: Int { state.withLock { $0.writes } }
    /// How many deletes were asked for, whether or not they succeeded.
    public var deletes: Int { state.withLock { $0.deletes } }

    public func read(_ key: String) throws -> Data? {
        try admit(.read)
        return try inner.read(key)
    }

    public func write(_ data: Data, for key: String) throws {
        try admit(.write)
        try inner.write(data, for: key)
        changed.fire()
    }

    public func delete(_ key: String) throws {
        try admit(.delete)
        try inner.delete(key)
        changed.fire()
    }

    /// Counts a call, holds it at its gate, then throws its failure if one is set.
    private func admit(_ operation: Operation) throws {
        let gate = state.withLock { state -> TestGate? in
            switch operation {
            case .read: break
            case .write: state.writes += 1
            case .delete: state.deletes += 1
            }
            guard let (gate, budget) = state.gates[operation], budget.take() else { return nil }
            return gate
        }
        gate?.passBlocking()
        let failure = state.withLock { state -> SecureStoreError? in
            guard let (error, budget) = state.failures[operation], budget.take() else { return nil }
            if operation == .read { state.failedReads += 1 }
            return error
        }
        if let failure { throw failure }
    }
}

/// A store in a dictionary: a device whose secure store starts empty and is never shared.
private final class MemoryStore: SecureStore {
    private let items = Locked<[String: Data]>([:])

    func read(_ key: String) throws -> Data? { items.withLock { $0[key] } }
    func write(_ data: Data, for key: String) throws { items.withLock { $0[key] = data } }
    func delete(_ key: String) throws { items.withLock { $0[key] = nil } }
}
