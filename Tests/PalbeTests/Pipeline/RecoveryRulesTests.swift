import EmulatorPalbase
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// The ordered rule list: which rule answers which outcome, that the first answer wins, that
/// pre-send hooks run in order, and the sealing-key fetch's own (empty) plan on the wire.
@Suite struct RecoveryRulesTests {
    @Test func theCallRulesAnswerEachOutcomeWithTheRightRule() async {
        let authority = FakeSessionAuthority()
        let context = RecoveryContext(method: .get, routePath: "/todos", sessionAuthority: authority)
        let sent = Attempt(session: SessionHeaders(bearer: "token-1"))
        var rules = RecoveryRules.calls(backoff: .middle)

        let noResponse = await rules.decide(after: .noResponse(Outcomes.network), to: sent, in: context)
        #expect(noResponse.retryDelay == .milliseconds(187.5))
        let challenge = Outcomes.powChallenge(seed: Data([3]), difficulty: 2)
        #expect(await rules.decide(after: challenge, to: sent, in: context).resendHeaders?["X-PoW-Nonce"] != nil)
        #expect(
            await rules.decide(after: Outcomes.rejected(401, code: "x"), to: sent, in: context).resendHeaders == [:])
        #expect(authority.refreshes == ["token-1"])
        let gateway = Outcomes.rejected(503, code: "unavailable", headers: ["Retry-After": "2"])
        #expect(await rules.decide(after: gateway, to: sent, in: context).retryDelay == .seconds(2))
        #expect(await rules.decide(after: Outcomes.rejected(500, code: "internal"), to: sent, in: context).isPass)

        // The list is the per-call state: the same list has used its one solve and its one refresh.
        #expect(await rules.decide(after: challenge, to: sent, in: context).isPass)
        #expect(await rules.decide(after: Outcomes.rejected(401, code: "x"), to: sent, in: context).isPass)
        #expect(authority.refreshes == ["token-1"])
    }

    /// The shape a sign-out-on-`session_revoked` rule takes: placed before the refresh, it ends the
    /// call and the refresh is never asked; placed after, the refresh answers first.
    @Test func theFirstAnswerWinsSoOrderDecides() async {
        let revoked = Outcomes.rejected(401, code: "session_revoked")
        let sent = Attempt(session: SessionHeaders(bearer: "token-1"))

        let before = FakeSessionAuthority()
        let signOut = SignOutOnRevoked()
        var signOutFirst = RecoveryRules([signOut, SessionRefreshRecovery()])
        let first = await signOutFirst.decide(
            after: revoked, to: sent, in: RecoveryContext(method: .get, routePath: "/todos", sessionAuthority: before))
        guard case .unauthorized(let failure) = first.failure else {
            Issue.record("expected .fail(.unauthorized), got \(first)")
            return
        }
        #expect(failure.code == "session_revoked")
        #expect(signOut.signOuts == 1)
        #expect(before.refreshes.isEmpty, "the refresh was never asked")

        let after = FakeSessionAuthority()
        let late = SignOutOnRevoked()
        var refreshFirst = RecoveryRules([SessionRefreshRecovery(), late])
        let second = await refreshFirst.decide(
            after: revoked, to: sent, in: RecoveryContext(method: .get, routePath: "/todos", sessionAuthority: after))
        #expect(second.resendHeaders != nil)
        #expect(after.refreshes == ["token-1"])
        #expect(late.signOuts == 0)
    }

    @Test func preSendHooksRunInOrderAndSeeEarlierChanges() async throws {
        var rules = RecoveryRules([
            BearerSwap(to: "fresh"), NoResponseRetry(.middle),
            BearerSwap(to: "fresher"),
        ])
        var attempt = Attempt(session: SessionHeaders(bearer: "stale", dpop: "proof"))
        try await rules.prepare(&attempt, in: RecoveryContext(method: .get, routePath: "/todos"))
        #expect(attempt.session == SessionHeaders(bearer: "fresher", dpop: "proof"))
        let swaps = rules.rules.compactMap { $0 as? BearerSwap }.map(\.saw)
        #expect(swaps == ["stale", "fresh"])
        let outcome = await rules.decide(
            after: Outcomes.rejected(401, code: "x"), to: attempt, in: RecoveryContext(method: .get, routePath: "/"))
        #expect(outcome.isPass, "a pre-send rule says nothing about outcomes")
    }

    // MARK: - The sealing-key fetch on the wire

    @Test func theKeyFetchCarriesNoSessionAndIsNeverRetried() async throws {
        try await withPalbe { bed in
            let client = bed.client(bed.configuration(pinSealingKey: false))
            client.install(sessionAuthority: FakeSessionAuthority())
            client.configure(onError: bed.recorder.hook)
            try bed.emulator.addFault(
                .status(503, error: "unavailable"), method: "GET", pathPrefix: "/.well-known", count: 1)

            let error = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await client.call("v1/db/echo", AnyCodableValue.object([:]))
            }
            guard case .transport(let failure) = try #require(error) else {
                Issue.record("expected .transport, got \(String(describing: error))")
                return
            }
            #expect(
                failure.message
                    == "The request to /v1/db/echo must be sealed and cannot be (the sealing key endpoint answered 503); "
                    + "nothing was sent")
            #expect(!failure.requestSent)
            #expect(bed.sent(to: "/.well-known").count == 1, "a 503 on the key fetch is not retried")
            #expect(bed.recorder.sleeps.isEmpty)
            #expect(bed.recorder.hookErrors.count == 1, "the call's error, reported once; the fetch reports nothing")
            #expect(await bed.recorder.correlation.lastRequestID == nil, "the key fetch is not the app's request")

            let _: AnyCodableValue = try await client.call("v1/db/echo", AnyCodableValue.object([:]))
            let fetches = try bed.requests(to: "/.well-known")
            #expect(fetches.count == 2)
            #expect(fetches.allSatisfy { $0.header("Authorization") == nil && $0.header("DPoP") == nil })
            #expect(try bed.onlyRequest(to: "/v1/db/echo").header("Authorization", carried: "Bearer token-1"))
        }
    }

    @Test func keyFetchFailuresKeepTheirReasons() async throws {
        try await withPalbe { bed in
            let client = bed.client(bed.configuration(pinSealingKey: false))
            // The drop goes first: on a reused connection curl itself resends a request the server
            // closed without answering, which would hide it from the pipeline.
            let faults: [(FaultAction, String)] = [
                (.dropBeforeResponse, "the sealing key could not be fetched"),
                (.status(401, error: "unauthorized"), "the sealing key endpoint answered 401"),
                (.malformedJSON(status: 200), "the sealing key document is not a JSON object"),
            ]
            for (fault, reason) in faults {
                try bed.emulator.addFault(fault, method: "GET", pathPrefix: "/.well-known", count: 1)
                let error = await #expect(throws: BackendError.self) {
                    let _: AnyCodableValue = try await client.call("v1/db/echo", AnyCodableValue.object([:]))
                }
                #expect(error?.errorDescription?.contains("(\(reason))") == true, "\(fault)")
                if fault == .dropBeforeResponse {
                    #expect(error?.underlyingError is TransportError, "the transport's own error is kept")
                }
            }
            #expect(bed.sent(to: "/.well-known").count == 3)
        }
    }
}

/// A stand-in for the sign-out rule the auth issue adds: on `session_revoked`, a side effect, then
/// the call ends.
private final class SignOutOnRevoked: RecoveryRule {
    private let count = Locked(0)
    var signOuts: Int { count.withLock { $0 } }

    func decide(after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext) -> RecoveryDecision {
        guard case .unauthorized(let failure) = outcome.failure, failure.code == "session_revoked" else {
            return .pass
        }
        count.withLock { $0 += 1 }
        return .fail(outcome.failure)
    }
}

/// A pre-send rule that records the bearer it saw and replaces it.
private struct BearerSwap: RecoveryRule {
    let to: String
    var saw: String?

    init(to: String) {
        self.to = to
    }

    mutating func prepare(_ attempt: inout Attempt, in context: RecoveryContext) async throws(BackendError) {
        saw = attempt.session.bearer
        attempt.session.bearer = to
    }
}
