import Emulator
import EmulatorTestSupport
import Foundation
import Testing

/// The Palbe auth demo section, run as the real executable: on its embedded emulator, and on an
/// in-process one given with `--base-url`, whose request log checks the section's claims.
@Suite struct PalbeAuthDemoTests {
    private static let title = "Palbe auth"

    private func authSection(_ result: SDKProcess.Result) throws -> [String: Any] {
        let sections = try #require(try result.json()["sections"] as? [[String: Any]])
        return try #require(sections.first { ($0["title"] as? String)?.hasPrefix(Self.title) == true })
    }

    @Test func theEmbeddedRunShowsEveryStep() async throws {
        let result = try await SDKProcess.run(["demo", "--json"], timeout: .seconds(120))
        let section = try authSection(result)
        #expect(section["status"] as? String == "ok", "\(section)")
        let lines = (section["lines"] as? [String]) ?? []
        #expect(lines.first?.hasPrefix("embedded emulator at http://127.0.0.1:") == true)
        #expect(lines.contains { $0.hasPrefix("1. signed up demo-") && $0.contains("event .signedIn(") })
        #expect(
            lines.contains {
                $0.hasPrefix("2. a relaunched client with the server unreachable: first state .signedIn(")
                    && $0.hasSuffix("0 requests made")
            })
        #expect(lines.contains { $0.hasPrefix("3. created todo_") && $0.contains("lists 0 todos") })
        #expect(
            lines.contains {
                $0.hasPrefix("4. ") && $0.contains("1 POST /auth/token/refresh") && $0.contains("20 answered 200")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("5. ") && $0.contains("401 session_revoked") && $0.contains(".signedOut(sessionExpired)")
            })
        #expect(lines.contains { $0.hasPrefix("6. ") && $0.contains(".signedOut(userInitiated)") })
        #expect(
            lines.contains {
                $0.hasPrefix("7. a Google OAuth round trip") && $0.contains("/auth/oauth/credential 200")
                    && $0.hasSuffix("no OAuth transaction left in the store")
            })
    }

    @Test func onAGivenEmulatorTheLogAgreesAndTheClockIsPutBack() async throws {
        try await withRunningEmulator(.testing(palbaseHandlers: [AuthService(policy: .testing), SampleBackend()])) {
            emulator, baseURL in
            let result = try await SDKProcess.run(
                ["demo", "--json", "--base-url", baseURL.absoluteString], timeout: .seconds(120))
            let section = try authSection(result)
            #expect(section["status"] as? String == "ok", "\(section)")
            #expect(try emulator.requests(to: "/auth/token/refresh").count == 1)
            #expect(try emulator.requests(to: "/auth/logout").count == 1)
            let users = try emulator.requests(to: "/auth/signup")
            #expect(users.count == 1 && users[0].status == 200)
            let clock = try await EmulatorTestClient(baseURL: baseURL, timeout: 30).send(
                "GET", "/__emulator/auth/clock")
            let offset = try JSONSerialization.jsonObject(with: clock.body) as? [String: Any]
            #expect(offset?["offset_seconds"] as? Int == 0)
            // The demo's lines name no token: the only bearer the server saw is absent from its output.
            let bearers = try emulator.requests(to: "/todos").compactMap { $0.header("Authorization") }
            #expect(!bearers.isEmpty)
            #expect(bearers.allSatisfy { !result.stdout.contains(String($0.dropFirst("Bearer ".count))) })
        }
    }
}
