import ErrorCore

/// A value behind a lock that closures and tasks can share.
final class LockedValue<Value: Sendable>: Sendable {
    private let mutex: Locked<Value>

    init(_ value: Value) {
        mutex = Locked(value)
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try mutex.withLock { try body(&$0) }
    }
}
