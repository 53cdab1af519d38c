import Dispatch
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto

/// A session store that wraps another and, once armed with ``holdNextWrite()``, holds the next write
/// until ``release()``: a slow Keychain write.
final class WriteGatedStore: SecureStore {
    let inner: any SecureStore
    /// Fired when the held write begins.
    let writeStarted = TestSignal()
    private let gate = DispatchSemaphore(value: 0)
    private let armed = Locked(false)

    init(_ inner: any SecureStore) {
        self.inner = inner
    }

    /// Holds the next write.
    func holdNextWrite() { armed.withLock { $0 = true } }

    /// Lets the held write through.
    func release() { gate.signal() }

    func read(_ key: String) throws -> Data? { try inner.read(key) }

    func write(_ data: Data, for key: String) throws {
        let held = armed.withLock { armed in
            defer { armed = false }
            return armed
        }
        if held {
            writeStarted.fire()
            gate.wait()
        }
        try inner.write(data, for: key)
    }

    func delete(_ key: String) throws { try inner.delete(key) }
}
