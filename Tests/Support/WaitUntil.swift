import Testing

/// Polls `condition` every 20 ms until it holds, recording an issue if it still does not after
/// `limit`. For a state the test waits for, never a duration: `limit` only ends a test that would
/// otherwise hang, so it is long enough for a run where every await queues behind a thousand tests.
public func waitUntil(
    isolation: isolated (any Actor)? = #isolation, limit: Duration = .seconds(60), _ condition: () throws -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let deadline = ContinuousClock.now + limit
    while true {
        if try condition() { return }
        guard ContinuousClock.now < deadline else { break }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("the condition never held within \(limit)", sourceLocation: sourceLocation)
}
