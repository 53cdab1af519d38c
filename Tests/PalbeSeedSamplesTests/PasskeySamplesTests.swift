import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// The seed's passkey samples, run against the emulator with the software authenticator Linux uses.
@Suite struct PasskeySamplesTests {
    @Test @MainActor func passkeySamplesRunAsThePageSays() async throws {
        try await withAuthSampleBackend { pb, backend in
            let screen = PasskeyScreen(pb: pb)
            await screen.signInWithAPasskey()
            #expect(screen.shown == ["invalid_credentials"], "no passkey on this device yet: shown")

            try await screen.createAnAccountWithAPasskey()
            #expect(await pb.auth.currentUser?.email == "dev@example.com")
            #expect(try await pb.auth.capability().hasPassword == false)
            try await pb.auth.signOut()
            await screen.signInWithAPasskey()
            #expect(await pb.auth.currentUser?.email == "dev@example.com")
            try await screen.addAPasskey()

            try await backend.admin("PUT", "clock", json: #"{"offset_seconds":301}"#)
            try await screen.addAPasskeyAfterSteppingUp()
            let options = try backend.emulator.requests(to: "/auth/passkey/options").map(\.status)
            #expect(options.filter { $0 == 403 }.count == 1, "refused once on the stale session, then stepped up")
            #expect(screen.shown == ["invalid_credentials"])
        }
    }

    @Test @MainActor func aDismissedSheetShowsNothing() async throws {
        try await withAuthSampleBackend { pb, _ in
            try await withTemporaryDirectory { directory in
                let store = SessionStorage.directory(directory)
                // The user creates a passkey, then dismisses the sign-in sheet.
                let dismissing = SoftwareAuthenticator(store: store) { $0.kind == .create }
                let declining = PalbeClient(
                    configuration: pb.configuration, transport: DefaultTransport.make(),
                    runtime: PalbeRuntime(sessionStore: store, passkeyAuthenticator: dismissing))
                let screen = PasskeyScreen(pb: declining)
                try await screen.createAnAccountWithAPasskey()
                try await declining.auth.signOut()
                await screen.signInWithAPasskey()
                #expect(screen.shown.isEmpty)
                #expect(await declining.auth.isSignedIn == false)
            }
        }
    }
}
