import Emulator
import Foundation
import PurseTools

extension Command {
    /// `sdk purse chaos --runs N [--seed S]`: the never-charge-twice proof, on an embedded emulator.
    static let purseChaos = Command(
        name: "chaos",
        summary: "Pay many sessions through random faults and check none was charged twice.",
        discussion: """
            Starts an in-memory emulator of its own (it injects faults from inside the server, so --base-url \
            is not used), then makes N card submissions, each validate meeting 0 to 3 random faults: dropped \
            before sending, dropped before executing, executed then dropped, a 5xx, a delay past the timeout, \
            409 in use. It then counts the emulator's payments per session and prints the tally. Exit 1 when \
            any promise broke: a session with more than one payment, a 'failed' with a known outcome where a \
            payment exists, a 'completed' without one, an unknown outcome resolved wrongly. The same --seed \
            draws the same faults. With --json: one object with every count, the faults by kind and the \
            violations.
            """,
        parameters: PurseChaosParameters(),
        run: { values, context in
            if context.baseURL != nil {
                context.log("note: chaos runs on an embedded emulator of its own; the base URL is not used")
            }
            let seed = values.seed.flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
            var configuration = EmulatorConfiguration(port: 0, storage: .inMemory)
            configuration.mount(PurseEmulator(), at: PurseCLIConfiguration.apiPath)
            let emulator = try EmulatorServer(configuration: configuration)
            let tally: PurseChaosTally
            do {
                _ = try emulator.start()
                var shape = PurseChaosRunner.Configuration()
                shape.runs = values.runs
                let runner = try PurseChaosRunner(
                    server: emulator, mount: PurseCLIConfiguration.apiPath, configuration: shape)
                tally = try await runner.run(runner.plans(seed: seed))
                await emulator.shutdown()
            } catch {
                await emulator.shutdown()
                throw error
            }
            let report = PurseChaosReport(tally: tally, seed: seed)
            try context.emit(
                report,
                text: tally.description.split(separator: "\n").map(String.init) + [
                    "  seed: \(seed) (the same --seed draws the same faults)",
                    tally.isClean ? "every promise held" : "BROKEN: \(tally.violations.count) violations",
                ])
            if !tally.isClean { throw ExitCode.failure }
        }
    )
}

/// `sdk purse chaos`'s options.
private struct PurseChaosParameters: CommandParameters {
    let runs = Option.value(
        "runs", type: .integer(in: 1...100_000), valueName: "N", default: 500, help: "How many submissions to make.")
    let seed = Option<String?>.value(
        "seed", type: Self.decimalUInt64, valueName: "S", help: "The random seed; default: a fresh one, printed.")

    /// A decimal `UInt64`.
    private static let decimalUInt64 = ValueType(expectation: "an integer in 0...\(UInt64.max)") { UInt64($0) != nil }
}

/// What `sdk purse chaos --json` prints.
private struct PurseChaosReport: Encodable {
    let seed: UInt64
    let submissions: Int
    let completed: Int
    let declined: Int
    let failed: Int
    let unknown: Int
    let unknownResolvedPaid: Int
    let unknownResolvedUnpaid: Int
    let unknownUnresolved: Int
    let loadFailures: Int
    let payments: Int
    let sessionsWithSeveralPayments: Int
    let validateAttempts: Int
    let faults: [String: Int]
    let violations: [String]
    let clean: Bool
    let elapsedMilliseconds: Int

    init(tally: PurseChaosTally, seed: UInt64) {
        self.seed = seed
        submissions = tally.runs
        completed = tally.completed
        declined = tally.declined
        failed = tally.failed
        unknown = tally.unknown
        unknownResolvedPaid = tally.unknownResolvedPaid
        unknownResolvedUnpaid = tally.unknownResolvedUnpaid
        unknownUnresolved = tally.unknownUnresolved
        loadFailures = tally.loadFailures
        payments = tally.payments
        sessionsWithSeveralPayments = tally.sessionsWithSeveralPayments
        validateAttempts = tally.validateAttempts
        faults = Dictionary(uniqueKeysWithValues: PurseChaosFault.allCases.map { ($0.rawValue, tally.faults[$0] ?? 0) })
        violations = tally.violations
        clean = tally.isClean
        let (seconds, attoseconds) = tally.elapsed.components
        elapsedMilliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
