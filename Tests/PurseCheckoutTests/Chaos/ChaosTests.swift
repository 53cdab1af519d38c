import EmulatorPurse
import EmulatorTestSupport
import ErrorCore
import Foundation
import PurseTools
import Testing

@testable import PurseCheckout

/// 500 randomised submissions, each `validate` through a random sequence of faults, then the
/// emulator's payments counted per session: never two payments, never a failure reported when a
/// payment exists, every unknown outcome reported as such and resolved afterwards. The two runs are
/// load tests: they run one after the other, not against each other.
@Suite(.serialized) struct ChaosTests {
    @Test func fiveHundredSubmissionsNeverChargeTwice() async throws {
        try await withPurse { bed in
            let runner = try PurseChaosRunner(server: bed.server)
            var random = SplitMix64(seed: 0x5EED_F00D)
            let plans = runner.plans(using: &random)
            #expect(plans.count == 500)
            let tally = try await runner.run(plans)
            print(tally)
            #expect(tally.isClean, "\(tally.violations)")
            #expect(tally.runs == 500)
            #expect(tally.sessionsWithSeveralPayments == 0)
            #expect(tally.completed + tally.failed + tally.unknown + tally.loadFailures == 500)
            #expect(tally.loadFailures < 25, "a run is about validate: most sessions must load")
            #expect(tally.completed >= 250)
            #expect(tally.declined > 0)
            #expect(tally.payments >= tally.completed)
            for fault in PurseChaosFault.allCases {
                #expect((tally.faults[fault] ?? 0) > 50, "\(fault) was barely injected")
            }
            #expect(tally.validateAttempts > 500 + tally.faults.values.reduce(0, +) / 2, "faults make replays")
        }
    }

    /// The same proof for split payments: a gift card takes part of the amount, the card the rest;
    /// the gift card's balance moves exactly once for a payment and never without one.
    @Test func splitSubmissionsNeverChargeTwiceNorTakeTheGiftCardTwice() async throws {
        try await withPurse { bed in
            var configuration = PurseChaosRunner.Configuration()
            configuration.runs = 200
            configuration.splitShare = 0.6
            let runner = try PurseChaosRunner(server: bed.server, configuration: configuration)
            var random = SplitMix64(seed: 0x5_9117)
            let tally = try await runner.run(runner.plans(using: &random))
            print(tally)
            #expect(tally.isClean, "\(tally.violations)")
            #expect(tally.splits > 80)
            #expect(tally.sessionsWithSeveralPayments == 0)
            #expect(tally.completed >= 100)
            #expect(tally.completed + tally.failed + tally.unknown + tally.loadFailures == 200)
        }
    }
}
