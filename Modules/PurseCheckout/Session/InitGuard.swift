import ErrorCore

/// How a session is loaded: once for every concurrent caller, retried on transient failures.
///
/// - Coalescing: `load()` keeps the one in-flight load in the checkout's state, under the same lock
///   as `sessionState`; a caller either joins it or sees its result (twenty concurrent callers, one
///   `/init`). The load runs in a task of its own, so a caller that is cancelled stops waiting
///   without cancelling the others'.
/// - Retries: ``retrying(policy:clock:note:_:)`` repeats an exchange after a ``PaymentAPIError``
///   that ``PaymentAPIError/isRetryable`` (a 5xx, or no answer to a request that left), waiting as the
///   shared `BackoffPolicy` says (``BackoffPolicy/purseInit``); never after a 4xx or a request that
///   was never sent, and never more than the policy's retries: a bounded budget.
///
/// Apps add no retry loop of their own: they react to the resulting `sessionState`.
enum InitGuard {
    /// Runs `exchange`, retrying it as `policy` says while its failure is retryable.
    static func retrying<T: Sendable>(
        policy: BackoffPolicy, clock: SDKClock, note: (String) -> Void = { _ in },
        _ exchange: () async throws -> T
    ) async throws -> T {
        var retries = 0
        while true {
            do {
                return try await exchange()
            } catch let error as PaymentAPIError where error.isRetryable {
                guard
                    let delay = policy.delay(
                        afterRetries: retries, retryAfter: error.retryAfter, random: clock.random())
                else { throw error }
                retries += 1
                note("retry \(retries) of \(error.path) in \(delay.wholeMilliseconds) ms after \(error.logSummary)")
                try await clock.sleep(for: delay)
            }
        }
    }
}
