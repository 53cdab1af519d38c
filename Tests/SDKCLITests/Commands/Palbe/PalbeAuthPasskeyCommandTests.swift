import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

/// `sdk palbe auth passkey …` and the `passkey_apple_apps` setting, run as the real executable against an
/// in-process emulator; each test keeps the CLI's session and passkeys in a temporary `SDK_PALBE_DATA_DIR`.
@Suite struct PalbeAuthPasskeyCommandTests {
    private struct Bed {
        let service: AuthService
        let base: String
        let dataDirectory: URL

        func sdk(_ arguments: [String], dataDirectory other: URL? = nil) async throws -> SDKProcess.Result {
            try await SDKProcess.run(
                arguments + ["--base-url", base], environment: ["SDK_PALBE_DATA_DIR": (other ?? dataDirectory).path],
                timeout: .seconds(60))
        }

        /// The `error.code` of a failed `--json` command.
        func errorCode(_ result: SDKProcess.Result) throws -> String? {
            (try result.json()["error"] as? [String: Any])?["code"] as? String
        }
    }

    private func withAuth(_ body: (Bed) async throws -> Void) async throws {
        let service = AuthService(policy: .testing)
        try await withTemporaryDirectory { directory in
            try await withRunningEmulator(.testing(palbaseHandlers: [service])) { _, baseURL in
                try await body(
                    Bed(
                        service: service, base: baseURL.absoluteString,
                        dataDirectory: directory.appendingPathComponent("palbe")))
            }
        }
    }

    @Test func signUpLogInAndStepUpBeforeRegisteringOnAStaleSession() async throws {
        try await withAuth { bed in
            let signup = try await bed.sdk([
                "palbe", "auth", "passkey", "signup", "--email", "pk@example.com", "--json",
            ])
            #expect(signup.status == 0, "\(signup.stderr)")
            let id = try #require((try signup.json()["user"] as? [String: Any])?["id"] as? String)
            let capability = try await bed.sdk(["palbe", "auth", "capability", "--json"])
            #expect(try capability.json()["hasPassword"] as? Bool == false)

            // The passkey lives beside the session, owner-only, and its key is never printed.
            let files = try FileManager.default.contentsOfDirectory(atPath: bed.dataDirectory.path)
            let passkeyFile = try #require(files.first { $0.hasPrefix("palbe-passkeys-") })
            let attributes = try FileManager.default.attributesOfItem(
                atPath: bed.dataDirectory.appendingPathComponent(passkeyFile).path)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
            #expect(!(signup.stdout + signup.stderr).contains("private_key"))

            #expect(try await bed.sdk(["palbe", "auth", "logout"]).status == 0)
            let login = try await bed.sdk(["palbe", "auth", "passkey", "login", "--json"])
            #expect(login.status == 0, "\(login.stderr)")
            #expect((try login.json()["user"] as? [String: Any])?["id"] as? String == id)

            bed.service.clock.offsetSeconds = 301  // the sign-in is no longer recent
            let stale = try await bed.sdk(["palbe", "auth", "passkey", "register", "--name", "Laptop", "--json"])
            #expect(stale.status == 1)
            #expect(try bed.errorCode(stale) == "reauthentication_required")
            let stepUp = try await bed.sdk(["palbe", "auth", "passkey", "step-up", "--json"])
            #expect(stepUp.status == 0, "\(stepUp.stderr)")
            let registered = try await bed.sdk(["palbe", "auth", "passkey", "register", "--name", "Laptop", "--json"])
            #expect(registered.status == 0, "\(registered.stderr)")
            #expect(try registered.json()["name"] as? String == "Laptop")
        }
    }

    @Test func aDirectoryWithoutAPasskeyCannotSignInOrStepUp() async throws {
        try await withAuth { bed in
            let login = try await bed.sdk(["palbe", "auth", "passkey", "login", "--json"])
            #expect(login.status == 1)
            #expect(try bed.errorCode(login) == "invalid_credentials")
            let stepUp = try await bed.sdk(["palbe", "auth", "passkey", "step-up", "--json"])
            #expect(stepUp.status == 1)
            #expect(try bed.errorCode(stepUp) == "not_signed_in")
        }
    }

    @Test func settingsSetPublishesPasskeyAppleAppsAndRefusesAMalformedOne() async throws {
        try await withAuth { bed in
            let set = try await bed.sdk([
                "palbe", "auth", "settings", "set", "--passkey-apple-apps",
                "ABCDE12345.com.example.app, ABCDE12345.com.example.clip", "--json",
            ])
            #expect(set.status == 0, "\(set.stderr)")
            #expect(
                try set.json()["passkey_apple_apps"] as? [String]
                    == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.clip"])
            #expect(try set.json()["password_max_length"] as? Int == 64, "merged into the current document")
            let association = try await EmulatorTestClient(baseURL: try #require(URL(string: bed.base)), timeout: 30)
                .send(
                    "GET", "/.well-known/apple-app-site-association")
            #expect(
                String(decoding: association.body, as: UTF8.self)
                    == #"{"webcredentials":{"apps":["ABCDE12345.com.example.app","ABCDE12345.com.example.clip"]}}"#)

            let malformed = try await bed.sdk([
                "palbe", "auth", "settings", "set", "--passkey-apple-apps", "abcde.com.example.app", "--json",
            ])
            #expect(malformed.status == 1)
            #expect(try bed.errorCode(malformed) == "invalid_settings")
            let cleared = try await bed.sdk([
                "palbe", "auth", "settings", "set", "--passkey-apple-apps", "none", "--json",
            ])
            #expect(try cleared.json()["passkey_apple_apps"] as? [String] == [])
        }
    }
}
