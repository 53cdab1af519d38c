import Emulator
import EmulatorTestSupport
import Foundation
import Testing

/// The passkey demo section, run as the real executable on an in-process emulator given with
/// `--base-url`, whose request log checks the section's claims.
@Suite struct PalbePasskeyDemoTests {
    @Test func theSectionsClaimsAgreeWithTheLogAndTheClockIsPutBack() async throws {
        try await withRunningEmulator(.testing(palbaseHandlers: [AuthService(policy: .testing), SampleBackend()])) {
            emulator, baseURL in
            let result = try await SDKProcess.run(
                ["demo", "--json", "--base-url", baseURL.absoluteString], timeout: .seconds(120))
            let sections = try #require(try result.json()["sections"] as? [[String: Any]])
            let section = try #require(sections.first { ($0["title"] as? String)?.contains("passkeys") == true })
            #expect(section["status"] as? String == "ok", "\(section)")
            let lines = (section["lines"] as? [String]) ?? []
            #expect(
                lines.contains { $0.hasPrefix("1. signed up passkey-") && $0.contains("with a passkey for 127.0.0.1") })
            #expect(lines.contains { $0.hasPrefix("2. capability().hasPassword false") && $0.hasSuffix("now true") })
            #expect(lines.contains { $0.hasPrefix("3. ") && $0.contains("refused with 403 reauthentication_required") })

            // signup 200, passwordless sign-in 200, step-up 200, registration 204; one register refused up front.
            let verifies = try emulator.requests(to: "/auth/passkey/verify").map(\.status)
            #expect(verifies == [200, 200, 200, 204])
            #expect(try emulator.requests(to: "/auth/passkey/options").filter { $0.status == 403 }.count == 1)
            #expect(try emulator.requests(to: "/auth/password/set").map(\.status) == [204])
            let clock = try await EmulatorTestClient(baseURL: baseURL, timeout: 30).send(
                "GET", "/__emulator/auth/clock")
            let offset = try JSONSerialization.jsonObject(with: clock.body) as? [String: Any]
            #expect(offset?["offset_seconds"] as? Int == 0)
        }
    }
}
