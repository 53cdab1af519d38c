import Dispatch
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto

/// A session store that wraps another and holds its first read until ``release()``: a Keychain
/// still loading at launch.
final class GatedStore: SecureStore {
    let inner: any SecureStore
    /// Fired when the first read begins.
    let readStarted = TestSignal()
    private let gate = DispatchSemaphore(value: 0)
    private let state = Locked((reads: 0, released: false))

    init(_ inner: any SecureStore) {
        self.inner = inner
    }

    /// Lets the held read (and every later one) through.
    func release() {
        let first = state.withLock { state in
            defer { state.released = true }
            return !state.released
        }
        if first { gate.signal() }
    }

    func read(_ key: String) throws -> Data? {
        let held = state.withLock { state in
            state.reads += 1
            return state.reads == 1 && !state.released
        }
        if held {
            readStarted.fire()
            gate.wait()
        }
        return try inner.read(key)
    }

    func write(_ data: Data, for key: String) throws { try inner.write(data, for: key) }
    func delete(_ key: String) throws { try inner.delete(key) }
}
