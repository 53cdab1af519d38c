import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

/// `sdk palbe auth oauth | link`, run as the real executable against an in-process emulator: the loopback
/// listener, the provider page answered by `--auto`, and the session kept in a temporary directory.
@Suite struct PalbeOAuthCommandTests {
    private func withAuth(
        _ body: (_ sdk: @escaping @Sendable ([String]) async throws -> SDKProcess.Result, EmulatorServer) async throws
            -> Void
    )
        async throws
    {
        try await withTemporaryDirectory { directory in
            try await withRunningEmulator(.testing(palbaseHandlers: [AuthService(policy: .testing), SampleBackend()])) {
                emulator, baseURL in
                let environment = ["SDK_PALBE_DATA_DIR": directory.appendingPathComponent("palbe").path]
                try await body(
                    { arguments in
                        try await SDKProcess.run(
                            arguments + ["--base-url", baseURL.absoluteString], environment: environment,
                            timeout: .seconds(60))
                    }, emulator)
            }
        }
    }

    /// With a plist whose snapshot configures Google native (`sdk emulator plist`'s), the command signs in on the
    /// provider's own page with the native redirect; with `--auto` the emulator's redirect is taken directly. A
    /// `+` in the email survives the provider's form-encoded query.
    @Test func oauthFollowsThePlistsNativeMode() async throws {
        try await withAuth { sdk, emulator in
            try await withTemporaryDirectory { directory in
                let plist = directory.appendingPathComponent("Palbase-Info.plist")
                try emulator.infoPlist().write(to: plist)
                let signIn = try await sdk([
                    "palbe", "auth", "oauth", "google", "--plist", plist.path, "--auto", "--email",
                    "native+cli@example.com", "--json",
                ])
                #expect(signIn.status == 0, "\(signIn.stderr)")
                let user = try #require(try signIn.json()["user"] as? [String: Any])
                #expect(user["email"] as? String == "native+cli@example.com")
                #expect(signIn.stderr.contains("/__providers/google/authorize?"))
                #expect(try emulator.requests(to: "/auth/oauth/provider").isEmpty, "never the browser transaction")
                #expect(try emulator.requests(to: "/__providers/google/token").map(\.status) == [200])
                #expect(try emulator.requests(to: "/auth/oauth/credential").map(\.status) == [200])
            }
        }
    }

    @Test func oauthAutoSignsInThroughTheLoopbackRedirectAndLinkAddsAProvider() async throws {
        try await withAuth { sdk, emulator in
            let signIn = try await sdk([
                "palbe", "auth", "oauth", "google", "--auto", "--email", "cli@example.com", "--json",
            ])
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let user = try #require(try signIn.json()["user"] as? [String: Any])
            let id = try #require(user["id"] as? String)
            #expect(user["email"] as? String == "cli@example.com")
            #expect(signIn.stderr.contains("Open this URL to continue: http://127.0.0.1:"))
            #expect(signIn.stderr.contains("/auth/oauth/provider/google?transaction_id=oat_"))
            // The page redirected to the CLI's own listener, on 127.0.0.1 at the port it picked.
            let page = try #require(try emulator.requests(to: "/auth/oauth/provider/google").first)
            #expect(page.status == 302)
            #expect(try emulator.requests(to: "/auth/oauth/credential").map(\.status) == [200])

            let whoami = try await sdk(["palbe", "auth", "whoami"])
            #expect(whoami.stdout.hasPrefix("cli@example.com (user \(id)"))

            let link = try await sdk(["palbe", "auth", "link", "github", "--auto", "--json"])
            #expect(link.status == 0, "\(link.stderr)")
            let linked = try #require(try link.json()["linked"] as? [String: Any])
            #expect(linked["identity"] as? String == "github")
            #expect(linked["userId"] as? String == id)
            let capability = try await sdk(["palbe", "auth", "capability", "--json"])
            #expect(try capability.json()["providers"] as? [String] == ["email", "github", "google"])
        }
    }

    @Test func badProvidersLinksWithoutASessionAndNoCallbackAreRefused() async throws {
        try await withAuth { sdk, _ in
            let unknown = try await sdk(["palbe", "auth", "oauth", "myspace", "--auto"])
            #expect(unknown.status == 2, "\(unknown.stderr)")
            let link = try await sdk(["palbe", "auth", "link", "google", "--auto", "--json"])
            #expect(link.status == 1)
            #expect((try link.json()["error"] as? [String: Any])?["code"] as? String == "not_signed_in")
            // Without --auto nobody answers the page: the listener gives up after --timeout.
            let waited = try await sdk(["palbe", "auth", "oauth", "apple", "--timeout", "1", "--json"])
            #expect(waited.status == 1)
            #expect((try waited.json()["error"] as? [String: Any])?["code"] as? String == "network_error")
            #expect(waited.stderr.contains("/auth/oauth/provider/apple?transaction_id=oat_"))
        }
    }
}
