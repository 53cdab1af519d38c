import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import Palbe
import PalbeTesting
import SDKTransport
import Testing

/// The mapping rules end to end: real HTTP exchanges with the emulator on 127.0.0.1, through a
/// Palbe client, for every vector row and for the emulator's fault rules.
@Suite struct BackendErrorEndToEndTests {
    /// Every response vector, answered verbatim by the emulator's probe route. The device attests
    /// (``TestAppAttester``), so a 401 `app_attest_required` is attested and retried once, and the
    /// probe's second refusal is what the call throws; without an attester it would be
    /// `.attestationUnavailable` (``AppAttestTests``).
    @Test(arguments: try BackendErrorVectors.load().responses)
    func responseVector(_ row: BackendErrorVectors.ResponseRow) async throws {
        try await withPalbe { bed in
            let client = bed.client(attester: TestAppAttester())
            let error = await failure(of: client, answering: row)
            // The emulator stamps its own X-Request-Id, so "from the header" means that one.
            let headerID = await bed.recorder.correlation.lastRequestID
            let expectedID = row.expect.requestId == "req_body" ? "req_body" : headerID
            expect(error, matches: row.expect, status: row.status, requestID: .some(expectedID))
        }
    }

    /// Every success vector: a 2xx decoded as the vector's todo shape.
    @Test(arguments: try BackendErrorVectors.load().success)
    func successVector(_ row: BackendErrorVectors.ResponseRow) async throws {
        try await withPalbe { bed in
            let client = bed.client()
            do throws(BackendError) {
                let _: VectorTodo = try await client.call("probe/answer", method: .get, headers: [:], query: row)
                #expect(row.expect.case == "success")
            } catch {
                let headerID = await bed.recorder.correlation.lastRequestID
                expect(error, matches: row.expect, status: row.status, requestID: .some(headerID))
            }
        }
    }

    // MARK: - Fault rules

    @Test func injectedStatusesMapLikeTheirVectors() async throws {
        try await withPalbe { bed in
            let client = bed.client(attester: TestAppAttester())
            let cases: [(FaultAction, String, Int?)] = [
                (.status(409, error: "todo_locked"), "server", 409),
                (.status(404, error: "todo_not_found"), "server", 404),
                (.status(403, error: "forbidden"), "server", 403),
                (.status(400, error: "validation_error"), "validation", 400),
                (.status(400, error: "bad_request"), "server", 400),
                (.status(401, error: "session_revoked"), "unauthorized", 401),
                (.status(401, error: "app_attest_required"), "app_attest_required", 401),
                (.retryAfter(seconds: 7), "rate_limited", 429),
                (.status(429, error: "todo_quota_exceeded"), "server", 429),
                (.status(500, error: "internal_error"), "server", 500),
                (.malformedJSON(status: 429), "rate_limited", 429),
                (.malformedJSON(status: 500), "server", 500),
                (.malformedJSON(status: 200), "decode", nil),
            ]
            for (action, caseName, status) in cases {
                // app_attest_required is attested and retried once: the retry is refused too.
                try bed.emulator.addFault(
                    action, method: "POST", pathPrefix: "/todos", count: caseName == "app_attest_required" ? 2 : 1)
                do throws(BackendError) {
                    let _: Todo = try await client.call("todos", CreateTodoInput(title: "x"))
                    Issue.record("\(action) did not fail")
                } catch {
                    #expect(error.caseName == caseName, "\(action)")
                    #expect(error.statusCode == status, "\(action)")
                    #expect(error.requestId != nil, "\(action)")
                    if case .rateLimited(let info) = error, case .status = action {
                        #expect(info.retryAfter == 7)
                    }
                }
            }
        }
    }

    @Test(arguments: [
        FaultAction.dropBeforeResponse, .dropAfterHeaders, .dropMidBody(afterBytes: 5),
    ])
    func droppedConnectionIsNetwork(_ action: FaultAction) async throws {
        try await withPalbe { bed in
            try bed.emulator.addFault(action, method: "POST", pathPrefix: "/todos")
            let error = await #expect(throws: BackendError.self) {
                let _: Todo = try await bed.client().call("todos", CreateTodoInput(title: "x"))
            }
            guard case .network(let failure) = try #require(error) else {
                Issue.record("expected .network, got \(String(describing: error))")
                return
            }
            #expect(failure.requestSent)
            #expect(error?.statusCode == nil)
            #expect(error?.code == "network_error")
        }
    }

    @Test func timeoutIsNetwork() async throws {
        try await withPalbe { bed in
            try bed.emulator.addFault(.delay(milliseconds: 3_000), method: "POST", pathPrefix: "/todos")
            var configuration = bed.configuration()
            configuration.requestTimeout = .milliseconds(200)
            let error = await #expect(throws: BackendError.self) {
                let _: Todo = try await bed.client(configuration).call("todos", CreateTodoInput(title: "x"))
            }
            guard case .network(let failure) = try #require(error) else {
                Issue.record("expected .network, got \(String(describing: error))")
                return
            }
            #expect(failure.urlErrorCode == .timedOut)
        }
    }

    @Test func refusedConnectionIsNetwork() async throws {
        // A stopped server's port can be taken by a parallel test's server at once; this one cannot.
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let baseURL = try await withPalbe { bed in bed.baseURL }
        var components = try #require(URLComponents(url: baseURL, resolvingAgainstBaseURL: false))
        components.port = refusing.port
        let client = PalbeClient(
            configuration: PalbeConfiguration(
                baseURL: try #require(components.url), apiKey: "k", requestTimeout: .seconds(5)),
            transport: DefaultTransport.make(), runtime: RuntimeRecorder().runtime())
        let error = await #expect(throws: BackendError.self) {
            let _: Todo = try await client.call("todos", CreateTodoInput(title: "x"))
        }
        guard case .network(let failure) = try #require(error) else {
            Issue.record("expected .network, got \(String(describing: error))")
            return
        }
        #expect(failure.urlErrorCode == .cannotConnectToHost)
        #expect(!failure.requestSent)
    }

    @Test func hostThatNeverResolvesIsNetwork() async throws {
        let client = PalbeClient(
            configuration: PalbeConfiguration(baseURL: URL(string: "http://palbe.invalid")!, apiKey: "k"),
            transport: DefaultTransport.make(), runtime: RuntimeRecorder().runtime())
        let error = await #expect(throws: BackendError.self) {
            let _: AnyCodableValue = try await client.call("health", method: .post)
        }
        #expect(error?.caseName == "network")
    }

    @Test func tlsFailureIsTransport() async throws {
        try await withPalbe { bed in
            var components = URLComponents(url: bed.baseURL, resolvingAgainstBaseURL: false)!
            components.scheme = "https"
            var configuration = bed.configuration()
            configuration.baseURL = components.url!
            let error = await #expect(throws: BackendError.self) {
                let _: Todo = try await bed.client(configuration).call("todos", CreateTodoInput(title: "x"))
            }
            guard case .transport(let failure) = try #require(error) else {
                Issue.record("expected .transport, got \(String(describing: error))")
                return
            }
            #expect(failure.urlErrorCode == .secureConnectionFailed)
        }
    }

    @Test func headerInjectionIsTransportAndNothingIsSent() async throws {
        try await withPalbe { bed in
            let error = await #expect(throws: BackendError.self) {
                let _: Todo = try await bed.client().call(
                    "todos", CreateTodoInput(title: "x"), headers: ["X-Trace": "a\r\nX-Evil: 1"])
            }
            guard case .transport(let failure) = try #require(error) else {
                Issue.record("expected .transport, got \(String(describing: error))")
                return
            }
            #expect(failure.urlErrorCode == .badURL)
            #expect(!failure.requestSent)
            let sent = try bed.requests(to: "/todos")
            #expect(sent.isEmpty)
        }
    }

    @Test func unparsableResponseIsTransport() async throws {
        let malformed: ScriptedServer.Route = { _, _ in HTTPServerResponse(status: 200, fault: .malformedChunking) }
        try await withScriptedServer(fallback: malformed) { server in
            let client = PalbeClient(
                configuration: PalbeConfiguration(baseURL: server.baseURL, apiKey: "k", requestTimeout: .seconds(5)),
                transport: DefaultTransport.make(), runtime: RuntimeRecorder().runtime())
            let error = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await client.call("anything", AnyCodableValue.object([:]))
            }
            guard case .transport(let failure) = try #require(error) else {
                Issue.record("expected .transport, got \(String(describing: error))")
                return
            }
            #expect(failure.urlErrorCode == .badServerResponse)
        }
    }

    // MARK: - The sample backend's real errors

    @Test func sampleBackendErrorsReachTheirCases() async throws {
        try await withPalbe(sample: SampleBackendConfiguration(todoQuota: 1)) { bed in
            let client = bed.client()
            let todo: Todo = try await client.call("todos", CreateTodoInput(title: "first"))

            // bad_request puts its list under top-level `fields`: .server, as the seed documents.
            let badRequest = await #expect(throws: BackendError.self) {
                let _: Todo = try await client.call("todos", AnyCodableValue.object(["title": 5]))
            }
            #expect(badRequest?.caseName == "server")
            #expect(badRequest?.code == "bad_request")

            // A handler rule answers validation_error with details: .validation with the fields.
            let validation = await #expect(throws: BackendError.self) {
                let _: Todo = try await client.call("todos/\(todo.id)", UpdateTodoInput(title: "   "), method: .patch)
            }
            guard case .validation(let failure) = try #require(validation) else {
                Issue.record("expected .validation, got \(String(describing: validation))")
                return
            }
            #expect(failure.fields.map(\.field) == ["title"])
            #expect(validation?.statusCode == 400)

            // The declared 429 with data is .server, lifted by the generated enum.
            do throws(TodosCreateError) {
                _ = try await client.todos.create(CreateTodoInput(title: "second"))
                Issue.record("the quota did not apply")
            } catch {
                guard case .todoQuotaExceeded(let data) = error else {
                    Issue.record("expected .todoQuotaExceeded, got \(error)")
                    return
                }
                #expect(data.limit == 1)
            }

            // 404 has no case of its own.
            let missing = await #expect(throws: BackendError.self) {
                let _: Todo = try await client.call("todos/nope", method: .get)
            }
            #expect(missing?.caseName == "server")
            #expect(missing?.code == "todo_not_found")
            #expect(missing?.statusCode == 404)
        }
    }

    @Test func sampleRateLimitIsRateLimited() async throws {
        let limited = SampleBackendConfiguration(rateLimit: SampleRateLimit(requests: 1, per: .seconds(60)))
        try await withPalbe(sample: limited) { bed in
            let client = bed.client()
            let _: [Todo] = try await client.call("todos", method: .get)
            let error = await #expect(throws: BackendError.self) {
                let _: [Todo] = try await client.call("todos", method: .get)
            }
            guard case .rateLimited(let info) = try #require(error) else {
                Issue.record("expected .rateLimited, got \(String(describing: error))")
                return
            }
            #expect((info.retryAfter ?? 0) > 0)
            let lastRequestID = await bed.recorder.correlation.lastRequestID
            #expect(info.requestId == lastRequestID)
        }
    }

    @Test func schemaValidationOnASealedPathIsValidation() async throws {
        try await withPalbe { bed in
            let error = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await bed.client().call(
                    "v1/docs/notes", AnyCodableValue.object(["title": "", "color": "red"]))
            }
            guard case .validation(let failure) = try #require(error) else {
                Issue.record("expected .validation, got \(String(describing: error))")
                return
            }
            #expect(failure.code == "schema_validation_failed")
            #expect(Set(failure.fields.map(\.field)) == ["title", "color"])
        }
    }

    @Test func unencodableInputIsEncodeAndNothingIsSent() async throws {
        try await withPalbe { bed in
            let error = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await bed.client().call("todos", AnyCodableValue.double(.nan))
            }
            #expect(error?.caseName == "encode")
            #expect(error?.code == "encoding_error")
            let sent = try bed.requests(to: "/todos")
            #expect(sent.isEmpty)
        }
    }
}

/// The error a client gets when the emulator answers `row` verbatim.
private func failure(of client: PalbeClient, answering row: BackendErrorVectors.ResponseRow) async -> BackendError {
    do {
        let _: AnyCodableValue = try await client.call("probe/answer", method: .get, headers: [:], query: row)
        Issue.record("\(row.name): the call succeeded")
        return .notConfigured
    } catch {
        return error
    }
}

extension PalbeClient {
    /// `GET probe/answer` asking the emulator to answer with `row`'s status, body, Retry-After and
    /// Location.
    fileprivate func call<O: Decodable & Sendable>(
        _ name: String, method: PBMethod, headers: [String: String], query row: BackendErrorVectors.ResponseRow
    ) async throws(BackendError) -> O {
        var query: [String: AnyCodableValue] = ["status": .int(row.status)]
        if let body = row.bodyData { query["body"] = .string(String(decoding: body, as: UTF8.self)) }
        if let retryAfter = row.headers.first(where: { $0.key.lowercased() == "retry-after" })?.value {
            query["retry_after"] = .string(retryAfter)
        }
        if let location = row.headers.first(where: { $0.key.lowercased() == "location" })?.value {
            query["location"] = .string(location)
        }
        return try await call(name, AnyCodableValue.object(query), method: method, headers: headers)
    }
}
