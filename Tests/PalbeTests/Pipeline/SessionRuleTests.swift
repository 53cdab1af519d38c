import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// The three session rules on their own: the pre-send refresh, the end of a revoked or fenced session,
/// and which 401s the refresh-and-replay takes.
@Suite struct SessionRuleTests {
    private let context = { (authority: FakeSessionAuthority) in
        RecoveryContext(method: .get, routePath: "/todos", sessionAuthority: authority)
    }

    @Test func theCallRulesAreInTheirDocumentedOrder() {
        let names = RecoveryRules.calls(backoff: .middle).rules.map { String(describing: type(of: $0)) }
        #expect(
            names == [
                "ExpiringSessionRefresh", "NoResponseRetry", "ProofOfWorkRecovery", "AppAttestRecovery",
                "SessionEndRecovery", "SessionRefreshRecovery", "GatewayRetry",
            ])
    }

    @Test func thePreSendRuleSendsWhatTheSessionSays() async throws {
        let swapping = SwappingAuthority(answer: "renewed")
        var attempt = Attempt(session: SessionHeaders(bearer: "stale", dpop: "proof"))
        let notes = Notes()
        let rule = ExpiringSessionRefresh()
        try await rule.prepare(
            &attempt,
            in: RecoveryContext(method: .get, routePath: "/todos", sessionAuthority: swapping, note: notes.append))
        #expect(attempt.session == SessionHeaders(bearer: "renewed", dpop: "proof"))
        #expect(swapping.asked == ["stale"])
        #expect(notes.lines.count == 1)

        let ended = SwappingAuthority(answer: nil)
        var gone = Attempt(session: SessionHeaders(bearer: "stale"))
        try await rule.prepare(&gone, in: RecoveryContext(method: .get, routePath: "/todos", sessionAuthority: ended))
        #expect(gone.session.bearer == nil, "a session that ended sends no bearer")

        var unauthenticated = Attempt()
        try await rule.prepare(
            &unauthenticated, in: RecoveryContext(method: .post, routePath: "/auth/login", sessionAuthority: swapping))
        #expect(unauthenticated.session.bearer == nil)
        #expect(swapping.asked == ["stale"], "no bearer, nothing to ask")
    }

    @Test(arguments: [(401, "session_revoked"), (403, "subject_fenced")])
    func aRevokedOrFencedAnswerEndsTheSessionAndTheCall(status: Int, code: String) async {
        let authority = FakeSessionAuthority()
        var rules = RecoveryRules.calls(backoff: .middle)
        let decision = await rules.decide(
            after: Outcomes.rejected(status, code: code), to: Attempt(session: SessionHeaders(bearer: "token-1")),
            in: context(authority))
        #expect(decision.failure?.statusCode == status)
        #expect(authority.ended == ["token-1"])
        #expect(authority.refreshes.isEmpty, "never refreshed")
    }

    @Test func answersThatDoNotEndTheSession() async {
        let authority = FakeSessionAuthority()
        var rules = RecoveryRules.calls(backoff: .middle)
        let sent = Attempt(session: SessionHeaders(bearer: "token-1"))
        #expect(
            await rules.decide(after: Outcomes.rejected(403, code: "forbidden"), to: sent, in: context(authority))
                .isPass)
        #expect(
            await rules.decide(after: Outcomes.rejected(403, code: "session_revoked"), to: sent, in: context(authority))
                .isPass)
        // Without a bearer it is not this session's answer.
        #expect(
            await rules.decide(
                after: Outcomes.rejected(401, code: "session_revoked"), to: Attempt(), in: context(authority)
            ).isPass)
        #expect(authority.ended.isEmpty)
    }

    @Test func aWrongPasswordIsNotRefreshed() async {
        let authority = FakeSessionAuthority()
        var rule = SessionRefreshRecovery()
        let sent = Attempt(session: SessionHeaders(bearer: "token-1"))
        #expect(
            await rule.decide(
                after: Outcomes.rejected(401, code: "invalid_credentials"), to: sent, in: context(authority)
            ).isPass)
        #expect(authority.refreshes.isEmpty)
        #expect(
            await rule.decide(after: Outcomes.rejected(401, code: "token_expired"), to: sent, in: context(authority))
                .resendHeaders == [:])
        #expect(authority.refreshes == ["token-1"])
    }
}

/// A session layer whose pre-send answer is fixed.
private final class SwappingAuthority: PalbeSessionAuthority {
    let answer: String?
    private let log = Locked<[String]>([])

    init(answer: String?) {
        self.answer = answer
    }

    var asked: [String] { log.withLock { $0 } }

    func accessToken() async -> String? { answer }
    func accessToken(toSendInsteadOf token: String) async -> String? {
        log.withLock { $0.append(token) }
        return answer
    }
    func dpopProof(method: String, url: URL) async -> String? { nil }
    func refreshAfterUnauthorized(rejectedToken: String) async -> Bool { false }
    func sessionEnded(rejectedToken: String) async {}
}
