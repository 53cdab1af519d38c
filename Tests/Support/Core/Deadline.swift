// A bound on how long an awaited operation may take: what keeps a hung transport or child process from
// hanging the test run.

/// A bounded wait exceeded: the operation under test hung.
public struct TransportTestTimeout: Error, CustomStringConvertible {
    /// The bound that was exceeded.
    public let limit: Duration
    /// Says which bound was exceeded.
    public var description: String { "operation did not finish within \(limit)" }
}

/// Small helpers transport tests share.
public enum TransportTestKit {
    /// Runs `operation`, throwing ``TransportTestTimeout`` if it takes longer than `limit` (the
    /// operation is cancelled then). Keeps a broken transport from hanging the test run.
    public static func withDeadline<T: Sendable>(
        _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw TransportTestTimeout(limit: limit)
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}
