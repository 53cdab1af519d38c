import ErrorCore
import Testing

/// The shared backoff: exponential from the base, capped, spread by the jitter mode, with
/// `Retry-After` as a floor up to its cap.
@Suite struct BackoffPolicyTests {
    static func policy(_ jitter: BackoffPolicy.Jitter, maxRetryAfter: Duration? = nil) -> BackoffPolicy {
        BackoffPolicy(
            maxRetries: 5, baseDelay: .milliseconds(100), maxDelay: .seconds(1), jitter: jitter,
            maxRetryAfter: maxRetryAfter)
    }

    static func schedule(_ policy: BackoffPolicy, random: Double) -> [Duration?] {
        (0...policy.maxRetries).map { policy.delay(afterRetries: $0, retryAfter: nil, random: random) }
    }

    static func milliseconds(_ values: Int...) -> [Duration?] {
        values.map { .milliseconds($0) }
    }

    @Test func noJitterDoublesUpToTheCapWhateverTheRandomValue() {
        let expected = Self.milliseconds(100, 200, 400, 800, 1000) + [nil]
        for random in [0, 0.3, 0.999] {
            #expect(Self.schedule(Self.policy(.none), random: random) == expected)
        }
    }

    @Test func equalJitterSpreadsBetweenHalfAndAll() {
        let policy = Self.policy(.equal)
        #expect(Self.schedule(policy, random: 0) == Self.milliseconds(50, 100, 200, 400, 500) + [nil])
        #expect(Self.schedule(policy, random: 0.5) == Self.milliseconds(75, 150, 300, 600, 750) + [nil])
        #expect(Self.schedule(policy, random: 1) == Self.milliseconds(100, 200, 400, 800, 1000) + [nil])
    }

    @Test func fullJitterSpreadsFromZeroToAll() {
        let policy = Self.policy(.full)
        #expect(Self.schedule(policy, random: 0) == Self.milliseconds(0, 0, 0, 0, 0) + [nil])
        #expect(Self.schedule(policy, random: 0.25) == Self.milliseconds(25, 50, 100, 200, 250) + [nil])
        #expect(Self.schedule(policy, random: 1) == Self.milliseconds(100, 200, 400, 800, 1000) + [nil])
    }

    @Test func randomValuesOutsideTheUnitRangeAreClamped() {
        let policy = Self.policy(.full)
        #expect(policy.delay(afterRetries: 1, retryAfter: nil, random: -3) == .zero)
        #expect(policy.delay(afterRetries: 1, retryAfter: nil, random: 7) == .milliseconds(200))
    }

    @Test func theCapHoldsForAnyNumberOfRetries() {
        var policy = Self.policy(.none)
        policy.maxRetries = .max
        #expect(policy.backoff(afterRetries: 4) == .seconds(1))
        #expect(policy.backoff(afterRetries: 63) == .seconds(1), "no shift overflow")
        #expect(policy.delay(afterRetries: .max - 1, retryAfter: nil, random: 0.5) == .seconds(1))
        #expect(policy.backoff(afterRetries: -1) == .milliseconds(100))
    }

    @Test func noRetriesMeansNoDelay() {
        var policy = Self.policy(.none)
        policy.maxRetries = 0
        #expect(policy.delay(afterRetries: 0, retryAfter: 1, random: 0.5) == nil)
    }

    @Test func retryAfterIsAFloorUpToItsCap() {
        let policy = Self.policy(.equal, maxRetryAfter: .seconds(10))
        #expect(policy.delay(afterRetries: 0, retryAfter: 3, random: 0.5) == .seconds(3), "longer than the backoff")
        #expect(policy.delay(afterRetries: 3, retryAfter: 0, random: 1) == .milliseconds(800), "shorter: backoff")
        #expect(policy.delay(afterRetries: 0, retryAfter: 10, random: 0) == .seconds(10), "the cap is honoured")
        #expect(policy.delay(afterRetries: 0, retryAfter: 11, random: 0) == nil, "longer than the cap: surfaced")
        #expect(policy.delay(afterRetries: 0, retryAfter: .max, random: 0) == nil)
        #expect(policy.delay(afterRetries: 5, retryAfter: 1, random: 0) == nil, "retries used up")
    }

    @Test func withoutACapAnyRetryAfterIsHonoured() {
        let policy = Self.policy(.none)
        #expect(policy.delay(afterRetries: 0, retryAfter: 3_600, random: 0) == .seconds(3_600))
        #expect(policy.delay(afterRetries: 2, retryAfter: -5, random: 0) == .milliseconds(400), "negative is none")
    }
}
