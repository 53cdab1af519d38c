import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import Testing

/// `pb.auth.localGate` over scripted biometry (the one part the emulator cannot produce), with its
/// marker in the client's real secure store.
@Suite struct LocalGateTests {
    @Test func enableUnlockAndDisable() async throws {
        try await withAuthBackend { bed in
            let biometry = ScriptedBiometrics()
            let gate = bed.oauthClient(biometrics: biometry).auth.localGate
            #expect(await gate.isBiometryAvailable)
            #expect(await gate.isEnabled == false)
            await #expect(throws: LocalGateError.notEnabled) { try await gate.unlock() }
            #expect(biometry.prompts.isEmpty)

            try await gate.enable()
            #expect(await gate.isEnabled)
            #expect(biometry.prompts.isEmpty, "isEnabled and enable never prompt")
            try await gate.unlock()
            try await gate.unlock(reason: "Open your notes")
            #expect(biometry.prompts == ["Unlock your session", "Open your notes"])

            // A relaunch reads the same state, without prompting.
            let relaunched = bed.oauthClient(biometrics: biometry).auth.localGate
            #expect(await relaunched.isEnabled)
            try await relaunched.unlock()

            await gate.disable()
            #expect(await gate.isEnabled == false)
            #expect(await relaunched.isEnabled == false)
            await #expect(throws: LocalGateError.notEnabled) { try await gate.unlock() }
            #expect(biometry.prompts.count == 3)
        }
    }

    @Test func aDismissedPromptIsCancelledAndKeepsTheGateArmed() async throws {
        try await withAuthBackend { bed in
            let biometry = ScriptedBiometrics()
            let gate = bed.oauthClient(biometrics: biometry).auth.localGate
            try await gate.enable()
            biometry.answerPrompts(.cancel)
            await #expect(throws: LocalGateError.cancelled) { try await gate.unlock() }
            #expect(await gate.isEnabled)
            biometry.answerPrompts(.match)
            try await gate.unlock()
        }
    }

    @Test func anEnrolmentChangeInvalidatesTheItemUntilTheGateIsArmedAgain() async throws {
        try await withAuthBackend { bed in
            let biometry = ScriptedBiometrics()
            let client = bed.oauthClient(biometrics: biometry)
            let gate = client.auth.localGate
            try await gate.enable()
            biometry.changeEnrolment()
            await #expect(throws: LocalGateError.biometryChanged) { try await gate.unlock() }
            let account = LocalGate.key(for: client.configuration)
            #expect(!biometry.hasItem(account), "the item is invalidated for good")
            // Still armed: the next launch must not carry on as if there were no gate.
            #expect(await gate.isEnabled)
            await #expect(throws: LocalGateError.biometryChanged) { try await gate.unlock() }

            try await gate.enable()
            try await gate.unlock()
        }
    }

    @Test func withoutBiometryTheGateCannotBeArmedButCanBeDisarmed() async throws {
        try await withAuthBackend { bed in
            let biometry = ScriptedBiometrics()
            let gate = bed.oauthClient(biometrics: biometry).auth.localGate
            try await gate.enable()
            biometry.unenrol()
            #expect(await gate.isBiometryAvailable == false)
            await #expect(throws: LocalGateError.biometryUnavailable) { try await gate.unlock() }
            await #expect(throws: LocalGateError.biometryUnavailable) { try await gate.enable() }
            await gate.disable()
            #expect(await gate.isEnabled == false)
            #expect(biometry.prompts.isEmpty)
        }
    }

    @Test func onThisPlatformBiometryIsUnavailable() async throws {
        try await withAuthBackend { bed in
            let gate = bed.client().auth.localGate
            #if !canImport(LocalAuthentication)
                #expect(await gate.isBiometryAvailable == false)
                await #expect(throws: LocalGateError.biometryUnavailable) { try await gate.enable() }
                #expect(await gate.isEnabled == false)
                await #expect(throws: LocalGateError.notEnabled) { try await gate.unlock() }
            #endif
            await gate.disable()
            #expect(await gate.isEnabled == false)
        }
    }

    @Test func skippingUnlockReachesTheSameNetworkSurface() async throws {
        try await withAuthBackend { bed in
            let biometry = ScriptedBiometrics()
            let signer = bed.oauthClient(biometrics: biometry)
            try await signer.auth.signUp(email: "gated@example.com", password: "correct-horse-9")

            // The same persisted session, three ways: unlocked, gate refused, gate skipped entirely.
            let unlocked = bed.oauthClient(biometrics: biometry)
            try await unlocked.auth.localGate.enable()
            try await unlocked.auth.localGate.unlock()
            _ = try await unlocked.auth.getUser()

            biometry.answerPrompts(.cancel)
            let refused = bed.oauthClient(biometrics: biometry)
            await #expect(throws: LocalGateError.cancelled) { try await refused.auth.localGate.unlock() }
            _ = try await refused.auth.getUser()

            _ = try await bed.oauthClient(biometrics: biometry).auth.getUser()

            let calls = try bed.requests(to: "/auth/me")
            #expect(calls.count == 3)
            let shapes = calls.map { call in
                [call.method, call.path, call.query ?? "", call.bearer ?? "none", "\(call.status ?? 0)"]
                    + call.headers.map(\.name).filter { $0.lowercased() != "dpop" }.sorted()
            }
            #expect(Set(shapes.map { $0.joined(separator: " ") }).count == 1, "\(shapes)")
            #expect(calls.allSatisfy { $0.status == 200 && $0.bearer != nil })
            let everything = try bed.requests(to: "/").map(\.path)
            #expect(!everything.contains { $0.lowercased().contains("gate") || $0.lowercased().contains("biometr") })
        }
    }
}
