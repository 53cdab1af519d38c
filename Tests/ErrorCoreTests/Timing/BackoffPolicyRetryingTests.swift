import ErrorCore
import Testing

/// The one loop for calls that only retry: attempts bounded by the policy, waits slept on the clock,
/// a final failure thrown at once, the server's `Retry-After` a floor, cancellation honoured.
@Suite struct BackoffPolicyRetryingTests {
    struct Failure: Error, Equatable {
        let retryable: Bool
        var retryAfter: Int?
    }

    static let policy = BackoffPolicy(
        maxRetries: 3, baseDelay: .milliseconds(100), maxDelay: .seconds(1), jitter: .none,
        maxRetryAfter: .seconds(5))

    static func decide(_ error: any Error) -> BackoffPolicy.RetryDecision {
        guard let failure = error as? Failure, failure.retryable else { return .stop }
        return .retry(retryAfter: failure.retryAfter)
    }

    /// A clock that records each wait and returns at once.
    static func clock(_ waits: Locked<[Duration]>) -> SDKClock {
        SDKClock(sleep: { duration in waits.withLock { $0.append(duration) } }, random: { 0 })
    }

    @Test func retriesUntilSuccessWaitingThePolicysSchedule() async throws {
        let waits = Locked<[Duration]>([])
        let attempts = Locked(0)
        let notes = Locked<[Int]>([])
        let value = try await Self.policy.retrying(
            clock: Self.clock(waits), note: { retry, _, _ in notes.withLock { $0.append(retry) } },
            decide: Self.decide
        ) {
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            if attempt < 3 { throw Failure(retryable: true) }
            return "answer"
        }
        #expect(value == "answer")
        #expect(attempts.withLock { $0 } == 3)
        #expect(waits.withLock { $0 } == [.milliseconds(100), .milliseconds(200)])
        #expect(notes.withLock { $0 } == [1, 2])
    }

    @Test func aFinalFailureIsThrownAtOnce() async {
        let waits = Locked<[Duration]>([])
        let attempts = Locked(0)
        await #expect(throws: Failure(retryable: false)) {
            try await Self.policy.retrying(clock: Self.clock(waits), decide: Self.decide) {
                attempts.withLock { $0 += 1 }
                throw Failure(retryable: false)
            }
        }
        #expect(attempts.withLock { $0 } == 1)
        #expect(waits.withLock { $0 }.isEmpty)
    }

    @Test func theRetriesAreBoundedAndTheLastFailureThrown() async {
        let waits = Locked<[Duration]>([])
        let attempts = Locked(0)
        await #expect(throws: Failure(retryable: true, retryAfter: 2)) {
            try await Self.policy.retrying(clock: Self.clock(waits), decide: Self.decide) {
                attempts.withLock { $0 += 1 }
                throw Failure(retryable: true, retryAfter: 2)
            }
        }
        #expect(attempts.withLock { $0 } == 4, "one attempt and the policy's three retries")
        #expect(waits.withLock { $0 } == [.seconds(2), .seconds(2), .seconds(2)], "Retry-After is the floor")
    }

    @Test func aRetryAfterPastTheCapEndsTheLoop() async {
        let waits = Locked<[Duration]>([])
        await #expect(throws: Failure(retryable: true, retryAfter: 60)) {
            try await Self.policy.retrying(clock: Self.clock(waits), decide: Self.decide) { () async throws -> Int in
                throw Failure(retryable: true, retryAfter: 60)
            }
        }
        #expect(waits.withLock { $0 }.isEmpty)
    }

    @Test func aCancelledWaitEndsTheLoopWithCancellation() async {
        let attempts = Locked(0)
        let clock = SDKClock(sleep: { _ in throw CancellationError() })
        await #expect(throws: CancellationError.self) {
            try await Self.policy.retrying(clock: clock, decide: Self.decide) { () async throws -> Int in
                attempts.withLock { $0 += 1 }
                throw Failure(retryable: true)
            }
        }
        #expect(attempts.withLock { $0 } == 1)
    }
}
