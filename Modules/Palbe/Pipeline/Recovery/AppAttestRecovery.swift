import ErrorCore
import Foundation

// The App Attest rule, and what it asks of the enrollment behind a call.

// MARK: - AppAttestAuthority

/// What ``AppAttestRecovery`` asks of the App Attest enrollment behind a call
/// (``AppAttestEnrollment``, sending through the call's own pipeline).
package protocol AppAttestAuthority: Sendable {
    /// The headers of a retry whose body, as sent, is `body`: `X-Palbase-Attest-Key` and
    /// `X-Palbase-Attest-Assertion` over a fresh challenge, enrolling the key first when none is
    /// registered. Throws why no assertion could be made.
    func assertionHeaders(coveringBody body: Data) async throws(AppAttestError) -> HTTPHeaders
    /// The server refused the retry that carried `headers`: forget its key.
    func assertionRefused(_ headers: HTTPHeaders) async
}

// MARK: - AppAttestRecovery

/// Answers a 401 `app_attest_required` once per call: enrolls the device's App Attest key when none
/// is registered, then resends, for any verb, with an assertion over a fresh challenge and the body
/// (``AppAttestAuthority/assertionHeaders(coveringBody:)``) on the next attempt only.
///
/// - No attester, or one that cannot attest, or any step of enrolling or asserting failing: the call
///   ends with ``BackendError/attestationUnavailable(_:)``, whose reason is the ``AppAttestError``'s
///   message, and the original request is not sent again.
/// - A second `app_attest_required` in the same call ends it with ``BackendError/appAttestRequired(_:)``
///   and forgets the key the server refused, so the next demand enrolls a new one.
///
/// It decides every `app_attest_required` itself (resend or fail), so ``SessionRefreshRecovery``, which
/// comes after it, never refreshes a session for a 401 no token can fix.
package struct AppAttestRecovery: RecoveryRule {
    /// Set once an assertion was sent: a call asserts at most once.
    private var asserted = false

    /// A rule that has asserted nothing yet.
    package init() {}

    package mutating func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) async -> RecoveryDecision {
        guard case .rejected(401, _, .appAttestRequired) = outcome else { return .pass }
        guard !asserted else {
            context.note("the server refused the App Attest assertion on \(context.routePath)")
            await context.attestation?.assertionRefused(attempt.headers)
            return .fail(outcome.failure)
        }
        asserted = true
        guard let attestation = context.attestation else {
            return .fail(.attestationUnavailable(AppAttestError.unsupported(reason: AppAttesters.noAttester)))
        }
        guard let body = context.body else {
            return .fail(
                .attestationUnavailable(
                    AppAttestError.malformedAssertion(
                        reason: "an upload's body is streamed from its parts, so no assertion can cover it")))
        }
        context.note("attesting \(context.method.rawValue) \(context.routePath) after app_attest_required")
        do {
            return .resend(adding: try await attestation.assertionHeaders(coveringBody: body))
        } catch {
            context.note("no App Attest assertion: \(error.message)")
            return .fail(.attestationUnavailable(error))
        }
    }
}
