import EmulatorPurse
import ErrorCore
import Foundation
import PurseCheckout
import SDKTransport

/// Submits many card payments against an embedded emulator, each `validate` through a random
/// sequence of faults (drop before sending, drop before executing, execute then drop, 5xx, a delay
/// past the timeout, 409 in use), then checks what the emulator recorded against what the SDK
/// reported:
///
/// - no session has more than one payment;
/// - no submission reported `.failed` with a known outcome when a payment exists, and no
///   `.completed` without one;
/// - every unknown outcome is reported as unknown, and `load()` afterwards resolves it to what the
///   emulator recorded (or still says unknown).
///
/// The SDK's waits (backoff, `Retry-After`) run on a clock shortened by ``Configuration/timeScale``, and
/// submissions run ``Configuration/concurrency`` at a time, so 500 runs take seconds.
package struct PurseChaosRunner: Sendable {
    /// How a run is shaped.
    package struct Configuration: Sendable {
        /// Submissions to make.
        package var runs = 500
        /// Submissions in flight at once.
        package var concurrency = 48
        /// The most faults one submission's `validate` meets (0 … this many, at random).
        package var maxFaults = 3
        /// The SDK's limit on each exchange.
        package var requestTimeout: Duration = .milliseconds(500)
        /// How long a `delay_past_timeout` fault holds the server.
        package var delay: Duration = .milliseconds(800)
        /// The SDK's waits are multiplied by this (0.1: a 1 s `Retry-After` waits 100 ms).
        package var timeScale = 0.1
        /// The share of runs that pay with a split: a gift card (balance 5 000) takes part of the amount
        /// through `items/init` and `applySecondary`, the card the rest.
        package var splitShare = 0.0

        /// The defaults: 500 runs, 48 at a time.
        package init() {}
    }

    /// One submission's plan: the card and the faults its `validate` meets.
    package struct Plan: Sendable {
        /// The card number (a success, or a decline).
        package let number: String
        /// The faults its `validate` attempts meet, in order, with their emulator rules (`nil`: client-side).
        package let faults: [(fault: PurseChaosFault, action: FaultAction?)]
        /// What the gift card takes, for a split run.
        package var giftCardTake: Int? = nil
    }

    /// The split runs' gift card: its balance is its last six digits (5 000).
    static let giftCard = "6000000000005000"

    /// How one submission ended.
    private struct Record: Sendable {
        enum Ending: Sendable {
            case loadFailed
            case completed(PaymentStatus)
            case failed
            case unknown
        }

        let sessionID: String
        let ending: Ending
        let checkout: PurseHeadlessCheckout?
        var giftCardTake: Int? = nil
    }

    /// How the run is shaped.
    package let configuration: Configuration
    private let server: EmulatorServer
    private let merchant: PurseMerchantClient
    private let transport: FaultScriptTransport

    /// A runner against `server`, whose Purse service is mounted at `mount`.
    package init(
        server: EmulatorServer, mount: String = "/purse", configuration: Configuration = Configuration()
    )
        throws
    {
        guard let baseURL = server.baseURL,
            let purse = server.configuration.mounts.first(where: { $0.prefix == mount }),
            let service = purse.service as? PurseEmulator
        else {
            throw PurseMerchantClient.Failure(status: nil, description: "no started emulator with Purse at \(mount)")
        }
        self.server = server
        self.configuration = configuration
        let base = DefaultTransport.make()
        merchant = PurseMerchantClient(
            apiRoot: baseURL.appendingPathComponent(String(mount.dropFirst())), apiKey: service.merchantAPIKey,
            transport: base)
        transport = FaultScriptTransport(base: base, server: server)
    }

    /// Draws every submission's plan with `random` (pass a seeded generator to reproduce a run).
    package func plans(using random: inout some RandomNumberGenerator) -> [Plan] {
        let cards = ["4242424242424242", "4242424242424242", "5555555555554444", "4000000000000002"]
        return (0..<configuration.runs).map { _ in
            let count = Int.random(in: 0...configuration.maxFaults, using: &random)
            let faults = (0..<count).map { _ in
                let fault = PurseChaosFault.allCases.randomElement(using: &random)!
                return (fault, fault.action(delay: configuration.delay, random: &random))
            }
            let number = cards.randomElement(using: &random)!
            guard configuration.splitShare > 0 else { return Plan(number: number, faults: faults) }
            let split = Double.random(in: 0..<1, using: &random) < configuration.splitShare
            return Plan(
                number: number, faults: faults, giftCardTake: split ? Int.random(in: 500...4_000, using: &random) : nil)
        }
    }

    /// Runs `plans`, then checks the emulator's records; throws only when the emulator cannot be read.
    package func run(_ plans: [Plan]) async throws -> PurseChaosTally {
        let started = ContinuousClock.now
        var tally = PurseChaosTally()
        tally.runs = plans.count
        for plan in plans {
            for step in plan.faults { tally.faults[step.fault, default: 0] += 1 }
        }
        let records = await submitAll(plans)
        try await waitForQuiescence()

        for record in records {
            let count = try server.pursePaymentCount(sessionID: record.sessionID)
            tally.payments += count
            if count > 1 {
                tally.sessionsWithSeveralPayments += 1
                tally.violations.append("\(record.sessionID): \(count) payments")
            }
            if let take = record.giftCardTake { try checkSplit(record, take: take, into: &tally) }
            switch record.ending {
            case .loadFailed:
                tally.loadFailures += 1
                if count > 0 { tally.violations.append("\(record.sessionID): paid without a submission") }
            case .completed(let status):
                tally.completed += 1
                if status != .success { tally.declined += 1 }
                if count != 1 { tally.violations.append("\(record.sessionID): completed with \(count) payments") }
            case .failed:
                tally.failed += 1
                if count > 0 { tally.violations.append("\(record.sessionID): reported failed, but a payment exists") }
            case .unknown:
                tally.unknown += 1
                await resolve(record, paid: count > 0, into: &tally)
            }
        }
        tally.validateAttempts = transport.validateAttempts
        tally.elapsed = ContinuousClock.now - started
        return tally
    }

    // MARK: - Submissions

    private func submitAll(_ plans: [Plan]) async -> [Record] {
        await withTaskGroup(of: Record.self) { group in
            var records: [Record] = []
            var next = 0
            for _ in 0..<min(configuration.concurrency, plans.count) {
                let plan = plans[next]
                next += 1
                group.addTask { await submit(plan) }
            }
            for await record in group {
                records.append(record)
                if next < plans.count {
                    let plan = plans[next]
                    next += 1
                    group.addTask { await submit(plan) }
                }
            }
            return records
        }
    }

    private func submit(_ plan: Plan) async -> Record {
        let session: PurseMerchantClient.Session
        do {
            session = try await merchant.createSession()
        } catch {
            return Record(sessionID: "-", ending: .loadFailed, checkout: nil)
        }
        let scale = configuration.timeScale
        let clock = SDKClock(sleep: { try await Task.sleep(for: $0 * scale) })
        let checkout: PurseHeadlessCheckout
        do {
            transport.setScript(plan.faults, sessionID: session.id)
            checkout = try await loaded(session, clock: clock)
            let card = try checkout.paymentElement(for: "creditcard") as? CardElement
            card?.setNumber(plan.number)
            card?.setExpiry(month: 12, year: 2099)
            card?.setCVV("123")
            try checkout.setPrimary("creditcard")
            if let take = plan.giftCardTake {
                let item = try await checkout.initializeSecondary(
                    "illicado-giftcard", cardNumber: Self.giftCard, pin: "1234")
                try checkout.applySecondary(item, amount: take)
            }
        } catch {
            return Record(sessionID: session.id, ending: .loadFailed, checkout: nil, giftCardTake: plan.giftCardTake)
        }
        let ending: Record.Ending
        do {
            if case .completed(let status) = try await checkout.submitPayment() {
                ending = .completed(status)
            } else {
                ending = .failed
            }
        } catch let error as any PurseError {
            ending = error.isOutcomeUnknown ? .unknown : .failed
        } catch {
            ending = .failed
        }
        return Record(sessionID: session.id, ending: ending, checkout: checkout, giftCardTake: plan.giftCardTake)
    }

    /// A loaded checkout for `session`. A run is about `validate`, and 48 sessions loading at once with
    /// the short timeout the faults need can miss it on a loaded machine: a load that fails is tried on a
    /// fresh checkout of the same session, up to three times in all (nothing has been paid yet).
    private func loaded(_ session: PurseMerchantClient.Session, clock: SDKClock) async throws -> PurseHeadlessCheckout {
        var attempt = 1
        while true {
            let checkout = try PurseHeadlessCheckout(
                widgetData: session.widgetData,
                options: PurseCheckoutOptions(requestTimeout: configuration.requestTimeout, storage: .memory),
                transport: transport, clock: clock)
            do {
                try await checkout.load()
                return checkout
            } catch {
                guard attempt < 3 else { throw error }
                attempt += 1
            }
        }
    }

    // MARK: - Afterwards

    /// Waits until no `validate` is still executing on the emulator (delayed ones finish on their own).
    private func waitForQuiescence() async throws {
        for _ in 0..<2_000 {
            let executing =
                try server.store.query("SELECT COUNT(*) AS n FROM purse_idempotency WHERE state = 'executing'")
                .first?.int("n") ?? 0
            if executing == 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A split run: the gift card's balance moved by exactly its take when a payment was authorised (or
    /// may still be), and not at all otherwise.
    private func checkSplit(_ record: Record, take: Int, into tally: inout PurseChaosTally) throws {
        tally.splits += 1
        let items = try server.purseGiftItems(sessionID: record.sessionID)
        let status = try server.pursePaymentStatus(sessionID: record.sessionID)
        for item in items {
            let taken = status != nil && status != "FAILED"
            let expected = taken ? item.initialBalance - take : item.initialBalance
            if item.balance != expected {
                tally.violations.append(
                    "\(record.sessionID): gift card balance \(item.balance), expected \(expected) (payment \(status ?? "none"))"
                )
            }
        }
    }

    /// Asks the session's checkout again (`load()` reads the status) and checks it against the record.
    private func resolve(_ record: Record, paid: Bool, into tally: inout PurseChaosTally) async {
        guard let checkout = record.checkout else { return }
        _ = try? await checkout.load()
        switch checkout.sessionState {
        case .submitted:
            tally.unknownResolvedPaid += 1
            if !paid { tally.violations.append("\(record.sessionID): resolved as paid, but no payment exists") }
        case .ready:
            tally.unknownResolvedUnpaid += 1
            if paid { tally.violations.append("\(record.sessionID): resolved as unpaid, but a payment exists") }
        default:
            tally.unknownUnresolved += 1
        }
    }
}
