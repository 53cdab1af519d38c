import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// The OAuth and LocalGate samples, run on the emulator: the Google sample signs in through a loopback
/// presenter whose "browser" approves the emulator's provider page.
@Suite struct OAuthSeedSamplesTests {
    @Test @MainActor func oauthAndLocalGateSamplesRunAsThePageSays() async throws {
        try await withAuthSampleBackend { pb, backend in
            try await withTemporaryDirectory { directory in
                var runtime = PalbeRuntime(sessionStore: SessionStorage.directory(directory))
                runtime.oauthPresenter = LoopbackOAuthPresenter(timeout: .seconds(60)) { page in
                    try await Self.approve(page)
                }
                let client = PalbeClient(
                    configuration: pb.configuration, transport: DefaultTransport.make(), runtime: runtime)
                let screen = OAuthScreen(pb: client)

                try await screen.signInWithGoogle()
                let user = try #require(await client.auth.currentUser)
                #expect(screen.printed == [user.id])
                #expect(user.email == "google-user@example.com")

                // This platform has no biometry: the gate cannot be armed, and a cold launch carries on.
                try await screen.armTheGate()
                #expect(await client.auth.localGate.isEnabled == false)
                try await screen.coldLaunch()
                #expect(screen.outcomes == ["carry on"])
                #expect(await client.auth.isSignedIn)
            }
        }
    }

    /// What a browser does with the provider page: approve, then follow the redirect to the listener.
    private static func approve(_ page: URL) async throws {
        let transport = DefaultTransport.make()
        let approve = try #require(URL(string: page.absoluteString + "&decision=approve"))
        let answer = try await transport.send(HTTPRequest(method: "GET", url: approve, timeout: .seconds(30)))
        let location = try #require(answer.headers["Location"].flatMap(URL.init(string:)))
        _ = try await transport.send(HTTPRequest(method: "GET", url: location, timeout: .seconds(30)))
    }
}
