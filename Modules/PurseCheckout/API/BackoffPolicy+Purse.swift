import ErrorCore

extension BackoffPolicy {
    /// How `/init`, `items/init` and the status read are retried (the InitGuard's budget): after a 5xx or an answer
    /// that never came to a request that left the device, at most 3 times, waiting 200 ms doubling
    /// to at most 2 s, jittered to between half and all of that; a `Retry-After` of at most 5 s is
    /// honoured. Never after a 4xx, and never for a request that was provably not sent.
    package static let purseInit = BackoffPolicy(
        maxRetries: 3, baseDelay: .milliseconds(200), maxDelay: .seconds(2), jitter: .equal,
        maxRetryAfter: .seconds(5))

    /// How `validate` is replayed by the PaymentValidator (same `Idempotency-Key`, same bytes): after a
    /// 5xx, a 409 `IDEMPOTENCY_KEY_IN_USE` or an answer that never came, at most 4 times, waiting
    /// 250 ms doubling to at most 2 s, jittered; the `Retry-After` of a 409 (1 s) is honoured up to
    /// 5 s. Then the status is read.
    package static let purseValidate = BackoffPolicy(
        maxRetries: 4, baseDelay: .milliseconds(250), maxDelay: .seconds(2), jitter: .equal,
        maxRetryAfter: .seconds(5))
}
