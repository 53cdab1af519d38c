import ErrorCore
import Foundation

// What one kind of exchange runs (its plan), and how it ended: the delivered answer, or the rejection
// it ended on.

// MARK: - ExchangePlan

/// How one kind of exchange runs through the pipeline: which rules recover from its outcomes, and
/// what it shares with the session layer and the correlation record.
struct ExchangePlan: Sendable {
    /// The rules, fresh for this exchange.
    var rules: RecoveryRules
    /// Whether attempts carry the session's bearer and DPoP proof (and rules see the session layer).
    var carriesSession: Bool
    /// Whether responses update ``PalbeCorrelation``.
    var recordsRequestID: Bool

    /// A backend call: the standard rules (``RecoveryRules/calls(backoff:)``) waiting by the
    /// runtime's policy and jitter, the session, the correlation record.
    static func call(_ runtime: PalbeRuntime) -> ExchangePlan {
        let backoff = Backoff(policy: runtime.retryPolicy, clock: runtime.clock)
        return ExchangePlan(rules: .calls(backoff: backoff), carriesSession: true, recordsRequestID: true)
    }

    /// The session manager's own exchanges that rotate its tokens: the refresh (`POST /auth/token/refresh`,
    /// which carries no bearer) and the step-up's verify. Attempts carry what their route carries (a DPoP
    /// proof, a bearer on an authenticated route) from the session manager itself, but no rule of the
    /// session: nothing here refreshes, replays after a 401 or signs out, so a rotation cannot start
    /// another. Proof of work is kept, since the server may demand it of any route; nothing is resent
    /// after no response or a gateway error (neither request is idempotent).
    static let sessionRotation = ExchangePlan(
        rules: RecoveryRules([ProofOfWorkRecovery()]), carriesSession: true, recordsRequestID: true)

    /// The App Attest enrollment's own exchanges (`GET /auth/attest/challenge`,
    /// `POST /auth/attest/register`): no session (attestation is the device's, not the user's), no
    /// attestation rule (enrolling cannot start another enrollment), no correlation (they are the SDK's
    /// requests, not the app's call). Proof of work is kept, since the server may demand it of any
    /// route; nothing is resent after no response or a gateway error: a failure ends the enrollment,
    /// and the call with it, as ``AppAttestError``.
    static let attestation = ExchangePlan(
        rules: RecoveryRules([ProofOfWorkRecovery()]), carriesSession: false, recordsRequestID: false)

    /// `GET /.well-known/palbase-sealing-key`: no rules, no session, no correlation.
    ///
    /// - No resend after no response, although `GET` is idempotent: the fetch runs inside a sealed
    ///   call (often a `POST` that is itself never resent) and fails it with nothing sent; the key
    ///   store keeps no failure, so the app's next sealed call fetches again.
    /// - No session: the key is public, and a bearer has no business on it.
    /// - No proof of work: a challenge there is surfaced as the endpoint's status.
    /// - Not recorded as the last request id: it is the SDK's own request, not the app's call.
    static let sealingKeyFetch = ExchangePlan(rules: RecoveryRules([]), carriesSession: false, recordsRequestID: false)
}

// MARK: - ExchangeRejection

/// The non-2xx response an exchange ended on: its status and headers.
struct ExchangeRejection: Sendable {
    let status: Int
    let headers: HTTPHeaders

    /// The response of a `.rejected` outcome; `nil` for one that got no response.
    init?(_ outcome: AttemptOutcome) {
        guard case .rejected(let status, let headers, _) = outcome else { return nil }
        self.status = status
        self.headers = headers
    }

    /// The seconds its `Retry-After` asks for.
    var retryAfter: Int? { RetryAfter.seconds(from: headers["Retry-After"]) }
}

// MARK: - Delivery

/// A 2xx answer: its status, its (unsealed) body and its request id. How the body is read is in
/// `Delivery+Decoding.swift`.
package struct Delivery: Sendable {
    /// The HTTP status, 200–299.
    package let status: Int
    /// The body, opened when it came sealed.
    package let body: Data
    /// The response's `X-Request-Id`, when it had a non-blank one.
    package let requestID: String?

    /// A delivery of `body` with `status` and `requestID`.
    package init(status: Int, body: Data, requestID: String?) {
        self.status = status
        self.body = body
        self.requestID = requestID
    }
}

// MARK: - Delivery+Decoding

extension Delivery {
    /// The body as `O`, through the SDK's snake_case decoder; an empty body reads as JSON `null`
    /// (so `Optional` and `AnyCodableValue` accept a 204). A mismatch is ``BackendError/decode(_:)``
    /// carrying the response's request id.
    package func decoded<O: Decodable>(as type: O.Type) throws(BackendError) -> O {
        let body = body.isEmpty ? Data("null".utf8) : body
        do {
            return try Self.decoder.decode(type, from: body)
        } catch {
            throw .decode(
                CodecFailure(
                    message: "The response did not match \(CodingErrorDescription.describe(error, type: type))",
                    requestId: requestID, underlying: error))
        }
    }

    private static let decoder = SDKCoders.snakeCaseDecoder()
}
