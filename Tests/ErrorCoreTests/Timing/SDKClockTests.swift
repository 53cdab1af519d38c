import ErrorCore
import TestSupport
import Testing

/// The clock seam: cancellation always ends a sleep, injected parts are what the SDK sees.
@Suite(.hangGuard) struct SDKClockTests {
    @Test func liveSleepEndsWithCancellationError() async {
        let started = AsyncStream<Void>.makeStream()
        let sleeper = Task {
            started.continuation.yield()
            try await SDKClock.live.sleep(for: .seconds(600))
        }
        for await _ in started.stream { break }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test func aCancelledTaskDoesNotReachTheInjectedSleep() async {
        let calls = Locked(0)
        let clock = SDKClock(sleep: { _ in calls.withLock { $0 += 1 } })
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(calls.withLock { $0 } == 0)
    }

    @Test func cancellationDuringAnInstantSleepStillThrows() async {
        // The injected sleep returns normally although its task was cancelled while it ran.
        let clock = SDKClock(sleep: { _ in withUnsafeCurrentTask { $0?.cancel() } })
        await #expect(throws: CancellationError.self) {
            try await Task { try await clock.sleep(for: .seconds(1)) }.value
        }
    }

    @Test func aManualClockAdvancesOnlyWhenSlept() async throws {
        let origin = ContinuousClock.now
        let offset = Locked(Duration.zero)
        let clock = SDKClock(
            now: { origin + offset.withLock { $0 } }, sleep: { duration in offset.withLock { $0 += duration } },
            random: { 0.25 })
        let start = clock.now
        #expect(clock.elapsed(since: start) == .zero)
        try await clock.sleep(for: .milliseconds(300))
        try await clock.sleep(for: .milliseconds(600))
        #expect(clock.elapsed(since: start) == .milliseconds(900))
        #expect(clock.now == origin + .milliseconds(900))
        #expect(clock.random() == 0.25)
    }

    @Test func liveRandomStaysInTheUnitRangeAndTimeMovesForward() {
        let clock = SDKClock.live
        let values = (0..<200).map { _ in clock.random() }
        #expect(values.allSatisfy { (0..<1).contains($0) })
        #expect(Set(values).count > 1)
        let first = clock.now
        #expect(clock.now >= first)
    }

    @Test(arguments: [
        (Duration.zero, Int64(0)), (.milliseconds(12.9), 12), (.seconds(2), 2_000), (.microseconds(999), 0),
        (.seconds(90) + .milliseconds(5), 90_005),
    ])
    func wholeMillisecondsRoundTowardZero(duration: Duration, milliseconds: Int64) {
        #expect(duration.wholeMilliseconds == milliseconds)
    }
}
