import Testing

/// Polls `condition` every 20 ms until it holds, recording an issue if it still does not after 60 s.
/// For a state the test waits for, never a duration: the 60 s only end a test that would otherwise
/// hang, so they are long enough for a run where every await queues behind a thousand tests.
public func waitUntil(
    isolation: isolated (any Actor)? = #isolation, _ condition: () throws -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let limit = Duration.seconds(60)
    let deadline = ContinuousClock.now + limit
    while true {
        if try condition() { return }
        guard ContinuousClock.now < deadline else { break }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("the condition never held within \(limit)", sourceLocation: sourceLocation)
}
