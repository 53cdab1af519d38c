import ErrorCore
import Foundation
import SDKTransport

/// Sends `validate` so that a payment is made at most once, and says what became of it.
///
/// 1. One `Idempotency-Key` per submission, and the body frozen as bytes: every replay sends the
///    same key and the byte-identical body, so the API answers a replay with the stored outcome
///    (`Idempotent-Replayed: true`) and never executes it twice.
/// 2. Replays (``BackoffPolicy/purseValidate``, bounded): after a 5xx, a 409 `IDEMPOTENCY_KEY_IN_USE`
///    (waiting its `Retry-After` on the clock) or an answer that never came to a request that left (a
///    408 counts as one: see below).
///    A 4xx to the first attempt, or to one after answers that all came back before execution, is
///    the API's verdict: final. A request that provably never left is never replayed.
/// 3. When the replays end without an answer, the status says whether this key's payment
///    completed; if it does not, the outcome is unknown and reported so.
///
/// An `UNCERTAIN` answer (or `WAITING` without a redirect) is settled by polling the status, as
/// long as the policy allows; the last status read is the verdict.
struct PaymentValidator: Sendable {
    /// What became of a submission.
    enum Verdict: Sendable {
        /// The API's verdict on a payment that exists (a decline included).
        case completed(PaymentResult)
        /// The API refused `validate` before executing it (a 4xx): nothing was charged.
        case refused(PaymentAPIError)
        /// No byte of `validate` left the device: nothing was charged.
        case notSent(PaymentAPIError)
        /// Every answer came back (5xx, 409, or a 4xx after those) and the status shows no trace of the
        /// key: nothing was charged. The error is the last answer.
        case notExecuted(PaymentAPIError)
        /// No final answer, and the status does not show the outcome: the payment may exist. The
        /// error's ``PaymentAPIError/outcomeUnknown`` is true.
        case unknown(PaymentAPIError)
    }

    let api: CheckoutAPI
    let policy: BackoffPolicy
    let statusPolicy: BackoffPolicy
    let clock: SDKClock

    private var validatePath: String { CheckoutEndpoint.validate.path(sessionID: api.session.sessionID) }

    /// Submits `body` under `key` until the outcome is final or known to be unknown.
    func validate(body: Data, key: String) async -> Verdict {
        var retries = 0
        var attempts = 0
        var possiblyExecuted = false
        var sawNoAnswer = false
        var last: PaymentAPIError
        attempting: while true {
            attempts += 1
            var retryAfter: Int?
            do {
                let answer = try await api.call(
                    .validate, body: body, idempotencyKey: key, as: CheckoutWire.ValidateAnswer.self)
                return .completed(await settled(PaymentResult(answer)))
            } catch let error as PaymentAPIError {
                last = error
                if let status = error.status {
                    if status == 409 && error.code == .idempotencyKeyInUse {
                        possiblyExecuted = true
                        retryAfter = error.retryAfter ?? 1
                    } else if (500...599).contains(status) {
                        possiblyExecuted = true
                    } else if status == 408 {
                        // The server never received this request whole. A transport that resends a request
                        // on its own when a kept-alive connection turns out closed (FoundationNetworking's
                        // URLSession does, without the body) hides an earlier copy that may have executed:
                        // a 408 is treated as a lost answer.
                        possiblyExecuted = true
                        sawNoAnswer = true
                    } else if !possiblyExecuted {
                        // Nothing of this submission can have executed yet: a 4xx is the API's verdict.
                        return .refused(error)
                    } else {
                        // After an attempt that may have executed, a 4xx proves nothing about the key (a
                        // 408 or a 429 from the way there never reached it): the status decides.
                        break attempting
                    }
                } else if error.requestSent {
                    possiblyExecuted = true
                    sawNoAnswer = true
                } else if !possiblyExecuted {
                    return .notSent(error)
                } else {
                    break attempting
                }
            } catch {
                // Cancelled: the request may have left, and its answer is lost.
                last = PaymentAPIErrorMapping.cancelled(path: validatePath, underlying: error)
                sawNoAnswer = true
                break attempting
            }
            guard let delay = policy.delay(afterRetries: retries, retryAfter: retryAfter, random: clock.random())
            else { break attempting }
            retries += 1
            api.trace.note("validate replay \(retries) in \(delay.wholeMilliseconds) ms after \(last.logSummary)")
            do {
                try await clock.sleep(for: delay)
            } catch {
                sawNoAnswer = sawNoAnswer || last.status == nil
                break attempting
            }
        }
        return await resolve(key: key, attempts: attempts, last: last, sawNoAnswer: sawNoAnswer)
    }

    /// After the replays: the status says whether this key's payment exists.
    private func resolve(key: String, attempts: Int, last: PaymentAPIError, sawNoAnswer: Bool) async -> Verdict {
        let unknown = PaymentAPIErrorMapping.unknownOutcome(path: validatePath, attempts: attempts, last: last)
        guard let status = try? await readStatus() else { return .unknown(unknown) }
        if let lastValidate = status.lastValidate, lastValidate.idempotencyKey == key {
            guard lastValidate.completed, let result = PaymentResult(status) else { return .unknown(unknown) }
            return .completed(await settled(result))
        }
        // The key left no trace. After answers that all came back (5xx, 409, 4xx), nothing executed;
        // after an answer that never came, the request may still be on its way: unknown.
        if !sawNoAnswer && status.lastValidate == nil && status.paymentId == nil {
            return .notExecuted(last)
        }
        return .unknown(unknown)
    }

    /// `result`, or the status's later verdict while it is pending (`UNCERTAIN`, or `WAITING`
    /// without a redirect), polled as ``statusPolicy`` allows.
    private func settled(_ result: PaymentResult) async -> PaymentResult {
        var current = result
        var polls = 0
        while current.status.isPending && current.redirectionURL == nil {
            guard let delay = statusPolicy.delay(afterRetries: polls, retryAfter: nil, random: clock.random()) else {
                break
            }
            polls += 1
            guard (try? await clock.sleep(for: delay)) != nil,
                let status = try? await readStatus(), let read = PaymentResult(status)
            else { break }
            current = read
        }
        return current
    }

    /// The status, retried as ``statusPolicy`` allows.
    private func readStatus() async throws -> CheckoutWire.StatusAnswer {
        try await api.status(retrying: statusPolicy)
    }
}
