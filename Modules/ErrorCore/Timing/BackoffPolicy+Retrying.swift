extension BackoffPolicy {
    /// What a retry loop does after a failed attempt.
    package enum RetryDecision: Sendable, Equatable {
        /// The failure is final: it is thrown.
        case stop
        /// Worth another attempt, after the policy's wait; `retryAfter` is the server's `Retry-After`
        /// in seconds, when it sent one (a floor on the wait, see ``delay(afterRetries:retryAfter:random:)``).
        case retry(retryAfter: Int?)
    }

    /// Runs `operation` until it returns, `decide` calls its failure final, or the policy's retries are
    /// spent; the last failure is then thrown.
    ///
    /// This is the package's one loop for calls that only retry: the wait between attempts is the
    /// policy's, slept on `clock` (so a cancelled task stops waiting and its `CancellationError` is
    /// thrown), and each retry is described to `note` before its wait. Callers that decide more than
    /// "again" (Palbe's recovery rules, Purse's payment validator) keep loops of their own.
    ///
    /// ```swift
    /// let status = try await BackoffPolicy.purseInit.retrying(clock: clock) { error in
    ///     (error as? PaymentAPIError).map { $0.isRetryable ? .retry(retryAfter: $0.retryAfter) : .stop } ?? .stop
    /// } operation: {
    ///     try await api.call(.status, as: StatusAnswer.self)
    /// }
    /// ```
    package func retrying<T>(
        clock: SDKClock,
        note: (_ retry: Int, _ delay: Duration, _ failure: any Error) -> Void = { _, _, _ in },
        decide: (any Error) -> RetryDecision,
        operation: () async throws -> T
    ) async throws -> T {
        var retries = 0
        while true {
            do {
                return try await operation()
            } catch {
                guard case .retry(let retryAfter) = decide(error),
                    let delay = delay(afterRetries: retries, retryAfter: retryAfter, random: clock.random())
                else { throw error }
                retries += 1
                note(retries, delay, error)
                try await clock.sleep(for: delay)
            }
        }
    }
}
