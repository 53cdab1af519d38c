import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import PalbeTesting
import SDKCrypto
import SDKTransport
import Testing

/// App Attest end to end against the emulator: a route that demands attestation is attested and retried
/// once; everything that can stop it reaches the caller as `.attestationUnavailable` with the
/// `AppAttestError`'s message, and the request log shows what went on the wire.
@Suite struct AppAttestTests {
    private static let enrollAndRetry = [
        "POST /todos 401", "GET /auth/attest/challenge 200", "POST /auth/attest/register 204",
        "GET /auth/attest/challenge 200", "POST /todos 201",
    ]

    @Test func anEnforcedRouteIsAttestedAndRetriedOnce() async throws {
        try await withPalbe { bed in
            bed.emulator.setAppAttest(try AppAttestRule(pathPrefix: "/todos"))
            let attester = TestAppAttester()
            let client = bed.client(attester: attester)
            client.configure(onError: bed.recorder.hook)
            let todo: Todo = try await client.call("todos", CreateTodoInput(title: "attested"))
            #expect(todo.title == "attested")

            let sent = try bed.requests()
            #expect(sent.map(\.line) == Self.enrollAndRetry)
            try #require(sent.count == 5)
            #expect(sent[0].header(AppAttestWire.keyHeader) == nil)
            #expect(sent[0].header(AppAttestWire.assertionHeader) == nil)
            #expect(
                sent[4].header(AppAttestWire.keyHeader)?.hasPrefix(Redactor.mask) == true, "carried, masked in the log")
            #expect(sent[4].header(AppAttestWire.assertionHeader)?.hasPrefix(Redactor.mask) == true)
            #expect(sent[0].body == sent[4].body, "the same request, plus the two headers")
            #expect(sent[2].header("Authorization") == nil, "attestation is the device's, never the user's")
            #expect(attester.generatedKeys == 1)
            #expect(bed.recorder.hookErrors.isEmpty)

            let trace = bed.recorder.traceText
            #expect(trace.contains("X-Palbase-Attest-Assertion: <redacted>"), "the HTTP trace masks the headers")
            #expect(trace.contains("X-Palbase-Attest-Key: <redacted>"))
        }
    }

    @Test func aSecondCallAfterEnrollmentDoesNotRegisterAgain() async throws {
        try await withPalbe { bed in
            bed.emulator.setAppAttest(try AppAttestRule(pathPrefix: "/todos"))
            let attester = TestAppAttester()
            let client = bed.client(attester: attester)
            let _: Todo = try await client.call("todos", CreateTodoInput(title: "first"))
            let _: Todo = try await client.call("todos", CreateTodoInput(title: "second"))

            #expect(
                try bed.requests().map(\.line)
                    == Self.enrollAndRetry + ["POST /todos 401", "GET /auth/attest/challenge 200", "POST /todos 201"])
            #expect(attester.generatedKeys == 1)
        }
    }

    @Test func aKeyKeptInTheStoreIsUsedByTheNextClientAndEnrolledAgainWhenTheAttesterLostIt() async throws {
        try await withPalbe { bed in
            bed.emulator.setAppAttest(try AppAttestRule(pathPrefix: "/todos"))
            let store = ScriptedSecureStore()
            let attester = TestAppAttester()
            let _: Todo = try await bed.client(attester: attester, store: store).call(
                "todos", CreateTodoInput(title: "first"))
            let _: Todo = try await bed.client(attester: attester, store: store).call(
                "todos", CreateTodoInput(title: "relaunched"))
            #expect(attester.generatedKeys == 1, "the relaunched client asserted with the stored key")

            // A reinstalled app: the store kept the key id, the attester no longer holds the key.
            try bed.emulator.requestLog.clear()
            let _: Todo = try await bed.client(attester: TestAppAttester(), store: store).call(
                "todos", CreateTodoInput(title: "reinstalled"))
            #expect(
                try bed.requests().map(\.line) == [
                    "POST /todos 401", "GET /auth/attest/challenge 200", "GET /auth/attest/challenge 200",
                    "POST /auth/attest/register 204", "GET /auth/attest/challenge 200", "POST /todos 201",
                ])
        }
    }

    @Test func aRefusedRetryIsAppAttestRequiredAndTheNextCallEnrollsAgain() async throws {
        try await withPalbe { bed in
            bed.emulator.setAppAttest(try AppAttestRule(pathPrefix: "/todos"))
            let client = bed.client(attester: TestAppAttester(faults: [.forgedAssertion]))
            for _ in 0..<2 {
                let error = await #expect(throws: BackendError.self) {
                    let _: Todo = try await client.call("todos", CreateTodoInput(title: "forged"))
                }
                guard case .appAttestRequired(let failure) = error else {
                    Issue.record("expected .appAttestRequired, got \(String(describing: error))")
                    return
                }
                #expect(failure.code == "app_attest_required")
                #expect(error?.statusCode == 401)
            }
            let lines = try bed.requests().map(\.line)
            let refused = Self.enrollAndRetry.dropLast() + ["POST /todos 401"]
            #expect(lines == Array(refused + refused), "retried once per call; the refused key is not used again")
        }
    }

    @Test func withoutAnAttesterNothingMoreIsSent() async throws {
        try await withPalbe { bed in
            bed.emulator.setAppAttest(try AppAttestRule(pathPrefix: "/todos"))
            let client = bed.client(attester: nil)
            client.configure(onError: bed.recorder.hook)
            let error = await #expect(throws: BackendError.self) {
                let _: Todo = try await client.call("todos", CreateTodoInput(title: "no attester"))
            }
            let expected = AttestationFailure(
                reason: AppAttestError.unsupported(reason: AppAttesters.noAttester).message)
            guard case .attestationUnavailable(let failure) = error else {
                Issue.record("expected .attestationUnavailable, got \(String(describing: error))")
                return
            }
            #expect(failure == expected)
            #expect(error?.code == "attestation_unavailable")
            #expect(error?.statusCode == nil)
            #expect(try bed.requests().map(\.line) == ["POST /todos 401"], "exactly one request on the wire")
            #expect(bed.recorder.hookErrors.map(\.code) == ["attestation_unavailable"])
        }
    }

    /// Each way attesting can fail, what the wire shows, and the message the caller gets.
    struct Failure: Sendable, CustomTestStringConvertible {
        let name: String
        let faults: Set<TestAppAttester.Fault>
        let challengeFault: Bool
        let expected: AppAttestError
        let sent: [String]
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(
            name: "unsupported", faults: [.unsupported], challengeFault: false,
            expected: .unsupported(
                reason: "the device reports App Attest unsupported (the Simulator, a Mac, an extension)"),
            sent: ["POST /todos 401"]),
        Failure(
            name: "challengeUnavailable", faults: [], challengeFault: true,
            expected: .challengeUnavailable(reason: "GET /auth/attest/challenge answered 503 unavailable"),
            sent: ["POST /todos 401", "GET /auth/attest/challenge 503"]),
        Failure(
            name: "attestationFailed (key)", faults: [.generateKey], challengeFault: false,
            expected: .attestationFailed(reason: "the test attester was told to fail generateKey"),
            sent: ["POST /todos 401", "GET /auth/attest/challenge 200"]),
        Failure(
            name: "attestationFailed (attestation)", faults: [.attestKey], challengeFault: false,
            expected: .attestationFailed(reason: "the test attester was told to fail attestKey"),
            sent: ["POST /todos 401", "GET /auth/attest/challenge 200"]),
        Failure(
            name: "enrollmentFailed", faults: [.forgedAttestation], challengeFault: false,
            expected: .enrollmentFailed(reason: "POST /auth/attest/register answered 400 attestation_invalid"),
            sent: ["POST /todos 401", "GET /auth/attest/challenge 200", "POST /auth/attest/register 400"]),
        Failure(
            name: "malformedAssertion", faults: [.generateAssertion], challengeFault: false,
            expected: .malformedAssertion(
                reason: "the attester failed: the test attester was told to fail generateAssertion"),
            sent: [
                "POST /todos 401", "GET /auth/attest/challenge 200", "POST /auth/attest/register 204",
                "GET /auth/attest/challenge 200",
            ]),
    ]

    @Test(arguments: failures)
    func everyAppAttestErrorReachesTheCallerAsItsMessage(_ failure: Failure) async throws {
        try await withPalbe { bed in
            bed.emulator.setAppAttest(try AppAttestRule(pathPrefix: "/todos"))
            if failure.challengeFault {
                try bed.emulator.addFault(
                    .status(503, error: "unavailable"), method: "GET", pathPrefix: "/auth/attest/challenge", count: 1)
            }
            let client = bed.client(attester: TestAppAttester(faults: failure.faults))
            client.configure(onError: bed.recorder.hook)
            let error = await #expect(throws: BackendError.self) {
                let _: Todo = try await client.call("todos", CreateTodoInput(title: failure.name))
            }
            guard case .attestationUnavailable(let payload) = error else {
                Issue.record("expected .attestationUnavailable, got \(String(describing: error))")
                return
            }
            // The reason is the AppAttestError's message: exactly, or (for a server's answer) from its start.
            #expect(payload.reason.hasPrefix(failure.expected.message), "\(payload.reason)")
            #expect(error?.errorDescription == payload.reason)
            #expect(try bed.requests().map(\.line) == failure.sent)
            #expect(bed.recorder.hookErrors.count == 1)
        }
    }

    @Test func anAssertionCoversTheSealedBodyAsSent() async throws {
        try await withPalbe { bed in
            bed.emulator.setAppAttest(try AppAttestRule(pathPrefix: "/v1/db"))
            struct Echo: Decodable, Sendable { let received: String }
            let secret = AnyCodableValue.object(["note": "sealed and attested"])
            let echo: Echo = try await bed.client(attester: TestAppAttester()).call("v1/db/echo", secret)
            #expect(echo.received == secret.jsonText)
            let sent = try bed.requests(to: "/v1/db/echo")
            #expect(sent.map(\.status) == [401, 200])
            #expect(sent.allSatisfy { $0.header("X-Palbase-Sealed") == "v1" })
        }
    }

    @Test func theRecoveryRuleAssertsOnceAndLeavesEverythingElse() async throws {
        let context = RecoveryContext(method: .post, routePath: "/todos", body: nil)
        var rule = AppAttestRecovery()
        let other = AttemptOutcome.rejected(
            status: 401, headers: HTTPHeaders(),
            failure: .unauthorized(AuthFailure(code: "session_revoked", message: "revoked", requestId: nil)))
        guard case .pass = await rule.decide(after: other, to: Attempt(), in: context) else {
            Issue.record("a 401 that is not app_attest_required is not this rule's")
            return
        }
        let demand = AttemptOutcome.rejected(
            status: 401, headers: HTTPHeaders(),
            failure: .appAttestRequired(AuthFailure(code: "app_attest_required", message: "attest", requestId: nil)))
        guard
            case .fail(.attestationUnavailable(let failure)) = await rule.decide(
                after: demand, to: Attempt(), in: context)
        else {
            Issue.record("without an enrollment the call ends as attestationUnavailable")
            return
        }
        #expect(failure.reason == AppAttestError.unsupported(reason: AppAttesters.noAttester).message)
        guard case .fail(.appAttestRequired) = await rule.decide(after: demand, to: Attempt(), in: context) else {
            Issue.record("a second demand in one call is thrown as it came")
            return
        }
    }
}

extension LoggedRequest {
    /// `METHOD path status`, as the tests compare the wire.
    fileprivate var line: String { "\(method) \(path) \(status.map(String.init) ?? "-")" }
}
