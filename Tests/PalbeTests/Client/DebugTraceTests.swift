import EmulatorPalbase
import ErrorCore
import Foundation
import Palbe
import Testing

/// The `PALBASE_DEBUG=1` trace: method, URL, status, duration and request id, with no secret.
@Suite struct DebugTraceTests {
    @Test func traceShowsTheExchangeAndNoSecret() async throws {
        try await withPalbe { bed in
            let authority = FakeSessionAuthority()
            let client = bed.client()
            client.install(sessionAuthority: authority)
            let secretNote = "password=hunter2"
            let todo: Todo = try await client.call(
                "todos", AnyCodableValue.object(["title": "t", "note": .string(secretNote)]),
                headers: ["X-Api-Key": "pinned-secret"])
            let _: AnyCodableValue = try await client.call(
                "auth/login", AnyCodableValue.object(["email": "a@example.com", "password": "hunter2"]))
            _ = try? await client.call("todos/missing?access_token=leaked", as: Todo.self, method: .get)

            let records = bed.recorder.records
            #expect(records.allSatisfy { $0.subsystem == "studio.palbase.sdk" && $0.category == "http" })
            #expect(records.allSatisfy { $0.level == .trace })
            let trace = bed.recorder.traceText
            let requestID = try #require(try bed.requests(to: "/todos").first?.requestID)
            #expect(trace.contains("→ POST \(bed.baseURL.absoluteString)/todos"))
            #expect(trace.contains("← 201 POST \(bed.baseURL.absoluteString)/todos"))
            #expect(trace.contains("request=\(requestID)"))
            #expect(trace.contains(" ms request="))
            #expect(trace.contains("← 404 GET"))
            #expect(trace.contains(todo.id), "response bodies are shown")
            #expect(trace.contains("<sealed, "), "sealed bodies are never shown")
            for secret in [
                bed.emulator.apiKey, authority.currentToken, "hunter2", "pinned-secret", "leaked", "proof-1",
            ] {
                #expect(!trace.contains(secret), "the trace leaks \(secret)")
            }
            #expect(trace.contains("apikey: <redacted>"))
            #expect(trace.contains("Authorization: Bearer <redacted>"))
        }
    }

    @Test func longBodiesAreTruncated() async throws {
        try await withPalbe { bed in
            let long = String(repeating: "x", count: 10_000)
            let _: AnyCodableValue = try await bed.client().call("v1/db/echo", AnyCodableValue.object([:]))
            _ = try? await bed.client().call("todos", AnyCodableValue.object(["title": .string(long)]), as: Todo.self)
            let lines = bed.recorder.records.map(\.message)
            let request = try #require(lines.first { $0.hasPrefix("→ POST") && $0.contains("/todos") })
            #expect(request.contains("bytes)"))
            #expect(request.utf8.count < 4_000)
        }
    }

    @Test func traceIsOffUnlessSwitchedOn() async throws {
        try await withPalbe { bed in
            let _: [Todo] = try await bed.client(traceHTTP: false).call("todos", method: .get)
            #expect(bed.recorder.records.isEmpty)
        }
    }

    @Test func switchReadsTheEnvironmentAndLaunchArguments() {
        #expect(PalbeDebugSwitch.isOn(environment: ["PALBASE_DEBUG": "1"], arguments: []))
        #expect(PalbeDebugSwitch.isOn(environment: [:], arguments: ["App", "-PalbaseDebug", "YES"]))
        #expect(!PalbeDebugSwitch.isOn(environment: ["PALBASE_DEBUG": "0"], arguments: []))
        #expect(!PalbeDebugSwitch.isOn(environment: [:], arguments: ["App", "-PalbaseDebug"]))
        #expect(!PalbeDebugSwitch.isOn(environment: [:], arguments: ["App", "-PalbaseDebug", "NO"]))
    }
}
