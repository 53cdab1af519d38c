import Foundation

/// Runs `body` on a new thread of its own and returns its result.
///
/// For seconds of synchronous work, which on a thread of the cooperative pool (one per core, shared
/// by every test running in parallel) would hold up all the others; and for work that must run with
/// a given stack (`stackSize` bytes; the system's default when nil).
public func onOwnThread<T: Sendable>(
    stackSize: Int? = nil, _ body: @escaping @Sendable () throws -> T
) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }
}
