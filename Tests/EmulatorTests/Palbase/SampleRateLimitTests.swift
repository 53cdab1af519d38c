import Emulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// The generic 429 `rate_limited` with `Retry-After`: off by default, a token bucket per API key when set.
@Suite struct SampleRateLimitTests {
    @Test func offByDefault() async throws {
        try await withSampleEmulator { emulator in
            var statuses: Set<Int> = []
            for _ in 0..<50 { statuses.insert(try await emulator.send("GET", "/health").status) }
            #expect(statuses == [200])
        }
    }

    @Test func exceedingTheRateAnswersRateLimitedWithRetryAfter() async throws {
        let limit = SampleRateLimit(requests: 3, per: .seconds(30))
        try await withSampleEmulator(SampleBackendConfiguration(rateLimit: limit)) { emulator in
            for _ in 0..<3 {
                #expect(try await emulator.send("GET", "/todos").status == 200)
            }
            let refused = try await emulator.send("POST", "/todos", json: #"{"title":"x"}"#)
            let envelope = expectEnvelope(refused, 429, "rate_limited")
            #expect(envelope["data"].isNull, "generic, not a declared error")
            #expect(refused.header("Retry-After") == "10", "one token refills every 10 s")

            emulator.clock.advance(seconds: 4)
            #expect(try await emulator.send("GET", "/todos").header("Retry-After") == "6")
            emulator.clock.advance(seconds: 6)
            #expect(try await emulator.send("GET", "/todos").status == 200, "one token is back")
            #expect(try await emulator.send("GET", "/todos").status == 429, "and spent")
            #expect(try await emulator.send("GET", "/todos").status == 429)
        }
    }

    @Test func theLimitCanBeChangedAndRemovedWhileServing() async throws {
        try await withSampleEmulator { emulator in
            emulator.backend.setRateLimit(SampleRateLimit(requests: 1, per: .seconds(60)))
            #expect(try await emulator.send("GET", "/health").status == 200)
            let refused = try await emulator.send("GET", "/health")
            expectEnvelope(refused, 429, "rate_limited")
            #expect(refused.header("Retry-After") == "60")

            emulator.backend.setRateLimit(nil)
            #expect(try await emulator.send("GET", "/health").status == 200)
            emulator.backend.configuration.rateLimit = SampleRateLimit(requests: 1, per: .seconds(60))
            #expect(try await emulator.send("GET", "/health").status == 200, "a new rate starts with a full bucket")
        }
    }

    @Test func unknownRoutesDoNotSpendTokens() async throws {
        let limit = SampleRateLimit(requests: 1, per: .seconds(60))
        try await withSampleEmulator(SampleBackendConfiguration(rateLimit: limit)) { emulator in
            expectEnvelope(try await emulator.send("GET", "/nowhere"), 404, "not_found")
            #expect(try await emulator.send("GET", "/health").status == 200)
        }
    }

    /// `(requests, interval ms, Retry-After per call (0 = admitted), ms before the last call)`.
    @Test(arguments: [
        (3, 30_000, [0, 0, 0, 10], 0), (1, 1, [0, 1], 0), (2, 1000, [0, 0, 1], 0),
        (2, 1000, [0, 0, 1, 0], 1000), (2, 1000, [0, 0, 1, 1], 400), (1, 120_000, [0, 120, 60], 60_000),
    ])
    func bucketArithmetic(_ requests: Int, _ intervalMilliseconds: Int, _ expected: [Int], _ gap: Int) {
        let limiter = SampleRateLimiter()
        let limit = SampleRateLimit(requests: requests, per: .milliseconds(intervalMilliseconds))
        var now: Int64 = 1_000_000
        var results: [Int] = []
        for (index, _) in expected.enumerated() {
            if index == expected.count - 1 { now += Int64(gap) }
            results.append(limiter.admit(key: "k", limit: limit, now: now) ?? 0)
        }
        #expect(results == expected)
    }
}
