import ErrorCore

/// How many more calls one rule of a double applies to: a rule for "the first `times` matching calls".
final class CallBudget: Sendable {
    private let remaining: Locked<Int>

    /// A budget for `times` calls (`.max`: every call).
    init(_ times: Int) {
        remaining = Locked(times)
    }

    /// Takes one call from the budget; false when it is spent.
    func take() -> Bool {
        remaining.withLock { remaining in
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
    }
}
