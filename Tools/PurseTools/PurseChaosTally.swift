import Foundation

/// What a chaos run found: how the submissions ended, what the emulator recorded, and every broken
/// promise. ``violations`` empty is the pass condition.
package struct PurseChaosTally: Sendable, Equatable, CustomStringConvertible {
    /// Submissions attempted.
    package var runs = 0
    /// Runs whose session could not be loaded (no submission was made).
    package var loadFailures = 0
    /// Submissions reported `.completed` (a decline included).
    package var completed = 0
    /// Of those, the declines (a status other than `SUCCESS`).
    package var declined = 0
    /// Submissions reported `.failed` with a known outcome: nothing was charged.
    package var failed = 0
    /// Submissions reported `.failed` with an unknown outcome.
    package var unknown = 0
    /// Unknown outcomes that `load()` afterwards resolved to a payment.
    package var unknownResolvedPaid = 0
    /// Unknown outcomes that `load()` afterwards resolved to no payment.
    package var unknownResolvedUnpaid = 0
    /// Unknown outcomes still unknown afterwards (reported so, and blocked).
    package var unknownUnresolved = 0
    /// Payments the emulator recorded.
    package var payments = 0
    /// Runs that paid with a gift card and a card.
    package var splits = 0
    /// Sessions with more than one payment (must be 0).
    package var sessionsWithSeveralPayments = 0
    /// Faults injected into `validate` attempts, by kind.
    package var faults: [PurseChaosFault: Int] = [:]
    /// `validate` attempts the SDK made (those the client dropped before sending included).
    package var validateAttempts = 0
    /// Every broken promise, one line each.
    package var violations: [String] = []
    /// How long the run took.
    package var elapsed: Duration = .zero

    /// Whether every promise held.
    package var isClean: Bool { violations.isEmpty }

    /// A few lines for a terminal or a test log.
    package var description: String {
        let faultList = PurseChaosFault.allCases.map { "\($0.rawValue)=\(faults[$0] ?? 0)" }.joined(separator: " ")
        return """
            purse chaos: \(runs) submissions in \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds])))
              outcomes: completed=\(completed) (declined=\(declined)) failed=\(failed) unknown=\(unknown) \
            load_failures=\(loadFailures)
              unknown afterwards: paid=\(unknownResolvedPaid) unpaid=\(unknownResolvedUnpaid) \
            still_unknown=\(unknownUnresolved)
              emulator: payments=\(payments) splits=\(splits) sessions_with_several_payments=\(sessionsWithSeveralPayments) \
            validate_attempts=\(validateAttempts)
              faults: \(faultList)
              violations: \(violations.isEmpty ? "none" : "\(violations.count)\n    " + violations.joined(separator: "\n    "))
            """
    }
}
