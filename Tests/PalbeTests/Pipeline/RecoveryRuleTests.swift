import EmulatorPalbase
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport
import Testing

/// Each recovery rule on its own: given an outcome, the decision it answers, and what it remembers
/// within one call.
@Suite struct RecoveryRuleTests {
    // MARK: - NoResponseRetry

    @Test func noResponseIsRetriedOnIdempotentVerbsWithinTheBudget() async {
        let notes = Notes()
        let rule = NoResponseRetry(.middle)
        for (method, retries, expected) in [
            (PBMethod.get, 0, Duration.milliseconds(187.5)), (.query, 1, .milliseconds(375)), (.put, 2, nil),
            (.delete, 0, .milliseconds(187.5)),
        ] {
            let decision = rule.decide(
                after: .noResponse(Outcomes.network), to: Attempt(),
                in: RecoveryContext(method: method, routePath: "/todos", retries: retries, note: notes.append))
            #expect(decision.retryDelay == expected, "\(method) after \(retries) retries")
            if expected == nil { #expect(decision.isPass) }
        }
        #expect(
            notes.lines == [
                "retry 1 of GET in 0.1875 seconds after no response",
                "retry 2 of QUERY in 0.375 seconds after no response",
                "retry 1 of DELETE in 0.1875 seconds after no response",
            ])
    }

    @Test func noResponseRetryPassesOnEverythingElse() async {
        let rule = NoResponseRetry(.middle)
        let cases: [(PBMethod, AttemptOutcome)] = [
            (.post, .noResponse(Outcomes.network)), (.patch, .noResponse(Outcomes.network)),
            (.get, .noResponse(Outcomes.transport)), (.get, Outcomes.rejected(503, code: "unavailable")),
        ]
        for (method, outcome) in cases {
            let decision = rule.decide(
                after: outcome, to: Attempt(), in: RecoveryContext(method: method, routePath: "/todos"))
            #expect(decision.isPass, "\(method) \(outcome.failure.code)")
        }
    }

    // MARK: - GatewayRetry

    @Test(arguments: [502, 503, 504])
    func gatewayStatusesAreRetriedOnIdempotentVerbs(_ status: Int) async {
        let notes = Notes()
        let rule = GatewayRetry(.middle)
        let decision = rule.decide(
            after: Outcomes.rejected(status, code: "unavailable"), to: Attempt(),
            in: RecoveryContext(method: .get, routePath: "/todos", retries: 1, note: notes.append))
        #expect(decision.retryDelay == .milliseconds(375))
        #expect(notes.lines == ["retry 2 of GET in 0.375 seconds after \(status)"])
    }

    @Test func gatewayRetryHonoursRetryAfterAndTheBudget() async {
        let rule = GatewayRetry(.middle)
        let context = RecoveryContext(method: .get, routePath: "/todos")
        let threeSeconds = Outcomes.rejected(503, code: "unavailable", headers: ["Retry-After": "3"])
        #expect(rule.decide(after: threeSeconds, to: Attempt(), in: context).retryDelay == .seconds(3))
        let elevenSeconds = Outcomes.rejected(503, code: "unavailable", headers: ["Retry-After": "11"])
        #expect(rule.decide(after: elevenSeconds, to: Attempt(), in: context).isPass, "longer than 10 s")
        let spent = RecoveryContext(method: .get, routePath: "/todos", retries: 2)
        #expect(rule.decide(after: Outcomes.rejected(503, code: "unavailable"), to: Attempt(), in: spent).isPass)
    }

    @Test func gatewayRetryPassesOnEverythingElse() async {
        let rule = GatewayRetry(.middle)
        let cases: [(PBMethod, AttemptOutcome)] = [
            (.post, Outcomes.rejected(503, code: "unavailable")), (.patch, Outcomes.rejected(502, code: "bad_gateway")),
            (.get, Outcomes.rejected(500, code: "internal")), (.get, Outcomes.rejected(429, code: "rate_limited")),
            (.get, .noResponse(Outcomes.network)),
        ]
        for (method, outcome) in cases {
            let decision = rule.decide(
                after: outcome, to: Attempt(), in: RecoveryContext(method: method, routePath: "/todos"))
            #expect(decision.isPass, "\(method) \(outcome.failure.code)")
        }
    }

    // MARK: - ProofOfWorkRecovery

    @Test func aChallengeIsSolvedOncePerCall() async throws {
        let seed = Data("rule-seed".utf8)
        let challenge = Outcomes.powChallenge(seed: seed, difficulty: 8)
        let notes = Notes()
        let context = RecoveryContext(method: .post, routePath: "/todos", note: notes.append)
        var rule = ProofOfWorkRecovery()

        let headers = try #require(await rule.decide(after: challenge, to: Attempt(), in: context).resendHeaders)
        #expect(headers["X-PoW-Challenge-ID"] == "pow_rule")
        let nonce = try #require(headers["X-PoW-Nonce"])
        #expect(ProofOfWork.isSolution(seed: seed, nonce: nonce, difficulty: 8))
        #expect(Array(headers).map(\.name) == ["X-PoW-Challenge-ID", "X-PoW-Nonce"])
        #expect(notes.lines == ["solving a proof-of-work challenge of difficulty 8"])

        #expect(await rule.decide(after: challenge, to: Attempt(), in: context).isPass, "a second challenge")
        var fresh = ProofOfWorkRecovery()
        #expect(await fresh.decide(after: challenge, to: Attempt(), in: context).resendHeaders != nil, "a new call")
    }

    @Test func aChallengeTooHardEndsTheCallWithThe403() async {
        var rule = ProofOfWorkRecovery()
        let decision = await rule.decide(
            after: Outcomes.powChallenge(seed: Data([1]), difficulty: ProofOfWorkSolver.maximumDifficulty + 1),
            to: Attempt(), in: RecoveryContext(method: .post, routePath: "/todos"))
        #expect(decision.failure?.code == "pow_required")
        #expect(decision.failure?.statusCode == 403)
    }

    @Test func proofOfWorkPassesOnWhatIsNotAChallenge() async {
        var rule = ProofOfWorkRecovery()
        let outcomes = [
            Outcomes.rejected(403, code: "pow_required"), Outcomes.rejected(403, code: "forbidden"),
            Outcomes.rejected(401, code: "pow_required"), .noResponse(Outcomes.network),
        ]
        for outcome in outcomes {
            let decision = await rule.decide(
                after: outcome, to: Attempt(), in: RecoveryContext(method: .get, routePath: "/x"))
            #expect(decision.isPass, "\(outcome.failure.code) \(outcome.failure.statusCode ?? 0)")
        }
        let solvable = Outcomes.powChallenge(seed: Data([2]), difficulty: 1)
        let decision = await rule.decide(
            after: solvable, to: Attempt(), in: RecoveryContext(method: .get, routePath: "/x"))
        #expect(decision.resendHeaders != nil, "passing did not use up the one solve")
    }

    @Test func cancellingWhileSolvingEndsTheCall() async {
        let solving = Task {
            var rule = ProofOfWorkRecovery()
            return await rule.decide(
                after: Outcomes.powChallenge(seed: Data("slow".utf8), difficulty: ProofOfWorkSolver.maximumDifficulty),
                to: Attempt(), in: RecoveryContext(method: .post, routePath: "/todos"))
        }
        solving.cancel()
        guard case .transport(let failure) = await solving.value.failure else {
            Issue.record("expected .fail(.transport)")
            return
        }
        #expect(failure.urlErrorCode == .cancelled)
        #expect(failure.requestSent)
    }

    // MARK: - SessionRefreshRecovery

    @Test func unauthorizedIsRefreshedAndReplayedOncePerCall() async {
        let authority = FakeSessionAuthority()
        let notes = Notes()
        let context = RecoveryContext(
            method: .get, routePath: "/todos", sessionAuthority: authority, note: notes.append)
        var rule = SessionRefreshRecovery()
        let sent = Attempt(session: SessionHeaders(bearer: "token-1"))

        let first = await rule.decide(after: Outcomes.rejected(401, code: "token_expired"), to: sent, in: context)
        #expect(first.resendHeaders?.isEmpty == true, "a replay adds no header of its own")
        #expect(authority.refreshes == ["token-1"])
        #expect(notes.lines == ["replaying GET after a session refresh"])

        let replayed = Attempt(session: SessionHeaders(bearer: "token-2"))
        #expect(
            await rule.decide(after: Outcomes.rejected(401, code: "token_expired"), to: replayed, in: context).isPass)
        #expect(authority.refreshes == ["token-1"], "never a second refresh in one call")
    }

    @Test func noRefreshWithoutABearerAnAuthorityOrA401() async {
        let authority = FakeSessionAuthority()
        let withAuthority = RecoveryContext(method: .get, routePath: "/todos", sessionAuthority: authority)
        let bearer = Attempt(session: SessionHeaders(bearer: "token-1"))
        var rule = SessionRefreshRecovery()
        #expect(
            await rule.decide(after: Outcomes.rejected(401, code: "unauthorized"), to: Attempt(), in: withAuthority)
                .isPass)
        #expect(
            await rule.decide(after: Outcomes.rejected(403, code: "forbidden"), to: bearer, in: withAuthority).isPass)
        #expect(await rule.decide(after: .noResponse(Outcomes.network), to: bearer, in: withAuthority).isPass)
        let noAuthority = RecoveryContext(method: .get, routePath: "/todos")
        #expect(
            await rule.decide(after: Outcomes.rejected(401, code: "unauthorized"), to: bearer, in: noAuthority).isPass)
        #expect(authority.refreshes.isEmpty)
    }

    @Test func aFailedRefreshPasses() async {
        let authority = FakeSessionAuthority(refreshSucceeds: false)
        var rule = SessionRefreshRecovery()
        let decision = await rule.decide(
            after: Outcomes.rejected(401, code: "session_revoked"),
            to: Attempt(session: SessionHeaders(bearer: "token-1")),
            in: RecoveryContext(method: .post, routePath: "/todos", sessionAuthority: authority))
        #expect(decision.isPass)
        #expect(authority.refreshes == ["token-1"])
    }
}

// MARK: - Helpers

/// Outcomes as the pipeline builds them, through the real mapping.
enum Outcomes {
    static let network = BackendErrorMapping.error(
        for: TransportError(code: .timedOut, requestSent: true, message: "timed out"))
    static let transport = BackendErrorMapping.error(
        for: TransportError(code: .secureConnectionFailed, requestSent: false, message: "TLS"))

    static func rejected(
        _ status: Int, code: String, data: String = "null", headers: HTTPHeaders = [:]
    )
        -> AttemptOutcome
    {
        let body = Data(#"{"error":"\#(code)","error_description":"d","data":\#(data)}"#.utf8)
        return .rejected(
            status: status, headers: headers,
            failure: BackendErrorMapping.error(status: status, headers: headers, body: body))
    }

    static func powChallenge(seed: Data, difficulty: Int) -> AttemptOutcome {
        rejected(
            403, code: "pow_required",
            data: #"{"challenge_id":"pow_rule","seed":"\#(Base64URL.encode(seed))","difficulty":\#(difficulty)}"#)
    }
}

/// Trace notes a rule wrote.
final class Notes: Sendable {
    private let state = Locked<[String]>([])

    var lines: [String] { state.withLock { $0 } }

    var append: @Sendable (String) -> Void {
        { [state] line in state.withLock { $0.append(line) } }
    }
}

extension Backoff {
    /// The default policy with the jitter fixed at the middle, as ``RuntimeRecorder`` runs it.
    static let middle = Backoff(policy: .palbe, clock: SDKClock(random: { 0.5 }))
}

extension RecoveryDecision {
    var isPass: Bool {
        if case .pass = self { return true }
        return false
    }

    var retryDelay: Duration? {
        if case .retry(let delay) = self { return delay }
        return nil
    }

    var resendHeaders: HTTPHeaders? {
        if case .resend(let headers) = self { return headers }
        return nil
    }

    var failure: BackendError? {
        if case .fail(let error) = self { return error }
        return nil
    }
}
