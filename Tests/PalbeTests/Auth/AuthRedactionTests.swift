import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// No token, and no device key, is reachable through any public API, description, `dump`, `Mirror` or log
/// line.
@Suite struct AuthRedactionTests {
    @Test func tokensAppearNowhere() async throws {
        try await withAuthBackend { bed in
            try await bed.setClockOffset(-3700)
            let client = bed.client(traceHTTP: true)
            let success = try await client.auth.signUp(email: "secret@example.com", password: "correct-horse")
            let minted = try #require(try bed.persisted(client))
            try await bed.setClockOffset(0)
            _ = try await client.auth.getUser()  // refresh: two pairs to look for
            let unit = try #require(try bed.persisted(client))
            let renewed = try #require(unit.session)
            let secrets =
                [
                    minted.session?.accessToken.value, minted.session?.refreshToken.value, renewed.accessToken.value,
                    renewed.refreshToken.value,
                ].compactMap { $0 } + [
                    unit.deviceKey.base64EncodedString(), unit.deviceKey.map { String(format: "%02x", $0) }.joined(),
                ]
            #expect(Set(secrets).count == 6)

            let states = Heard<AuthState>()
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthStateChange(states.listener)
            _ = await client.auth.onAuthEvent(events.listener)
            try bed.emulator.addFault(.status(503, error: "unavailable"), method: "POST", pathPrefix: "/auth/logout")
            let error = await authError { () async throws(AuthError) in try await client.auth.signOut() }

            var texts: [String] = []
            func look(_ value: Any) {
                texts.append(String(describing: value))
                texts.append(String(reflecting: value))
                var dumped = ""
                dump(value, to: &dumped)
                texts.append(dumped)
                texts.append(Self.mirrorText(value))
            }
            look(client)
            look(client.auth)
            look(client.session)
            look(client.session.persistence)
            look(success)
            look(success.user)
            look(states.values)
            look(events.values)
            look(error as Any)
            look(unit.session as Any)
            look(renewed)
            look(unit.key as Any)
            texts.append(error?.localizedDescription ?? "")
            texts.append(error?.logSummary ?? "")
            texts += bed.recorder.records.map { "\($0)" }
            #expect(bed.recorder.records.count >= 8, "the trace was on")

            for text in texts {
                for secret in secrets {
                    #expect(!text.contains(secret), "a secret leaked into: \(text.prefix(300))")
                }
            }
            #expect(texts.contains { $0.contains("<redacted>") }, "tokens are shown as redacted")
        }
    }

    @Test func aClientReflectsAsItsEnvironmentAlone() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            try await client.auth.signInAnonymously()
            let children = Mirror(reflecting: client).children.map { $0.label ?? "_" }
            #expect(children == ["environment", "baseURL"])
            var dumped = ""
            dump(client, to: &dumped)
            #expect(dumped.contains("\"test\"") && dumped.contains(bed.baseURL.absoluteString))
            #expect(!dumped.contains(bed.emulator.apiKey))
        }
    }

    /// Every label and leaf reachable through `Mirror`, walked by hand (what a debugger shows).
    static func mirrorText(_ value: Any, depth: Int = 0) -> String {
        guard depth < 12 else { return "" }
        var text = String(describing: value)
        for child in Mirror(reflecting: value).children {
            text += "\n" + (child.label ?? "_") + ": " + mirrorText(child.value, depth: depth + 1)
        }
        return text
    }
}
