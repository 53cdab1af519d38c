import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import Palbe
import PalbeSample
import SDKTransport
import Testing

/// A declared error whose `data` no longer has the generated shape must not be lost or misread: the
/// typed case cannot be built, so the caller gets the whole server failure as `.other(.server)`.
@Suite struct ReshapedPayloadTests {
    /// Answers every request with a `todo_locked` envelope whose `retry_after` is a string, as a
    /// backend that changed the payload without changing the code would.
    static let reshaped: ScriptedServer.Route = { _, _ in
        let body = #"""
            {"data":{"retry_after":"soon"},"details":null,"error":"todo_locked",\#
            "error_description":"The todo is locked","request_id":"req_reshaped","status":409}
            """#
        return HTTPServerResponse(
            status: 409, headers: ["Content-Type": "application/json", "X-Request-Id": "req_reshaped"],
            body: Data(body.utf8))
    }

    @Test func aDeclaredCodeWithReshapedDataDegradesToOther() async throws {
        try await withScriptedServer(fallback: Self.reshaped) { server in
            let configuration = PalbeConfiguration(
                baseURL: server.baseURL, apiKey: "pk_test_reshaped", environment: "test",
                requestTimeout: SampleBed.requestTimeout)
            let palbe = PalbeClient(configuration: configuration, transport: DefaultTransport.make())
            do throws(TodosUpdateError) {
                _ = try await palbe.todos.update(id: "todo_1", .init(completed: true))
                Issue.record("a 409 envelope was read as success")
            } catch {
                guard case .other(.server(let failure)) = error else {
                    Issue.record("expected .other(.server), got \(error)")
                    return
                }
                #expect(failure.code == "todo_locked")
                #expect(failure.statusCode == 409)
                #expect(failure.data == .object(["retry_after": .string("soon")]))
                #expect(failure.requestId == "req_reshaped")
            }
        }
    }
}
