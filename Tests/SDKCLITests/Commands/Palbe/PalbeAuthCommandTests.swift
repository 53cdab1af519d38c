import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

/// `sdk palbe auth …`, run as the real executable against an in-process emulator with the auth service
/// and the sample backend; each test keeps the CLI's session in a temporary `SDK_PALBE_DATA_DIR`.
@Suite struct PalbeAuthCommandTests {
    /// A running emulator, its URL and the environment that points the CLI's session at a directory of
    /// the test's own.
    private struct Bed {
        let emulator: EmulatorServer
        let base: String
        let dataDirectory: URL
        var environment: [String: String] { ["SDK_PALBE_DATA_DIR": dataDirectory.path] }

        /// `sdk <arguments> --base-url <emulator>` with the session directory.
        func sdk(
            _ arguments: [String], environment extra: [String: String] = [:], standardInput: String? = nil
        ) async throws -> SDKProcess.Result {
            try await SDKProcess.run(
                arguments + ["--base-url", base], environment: environment.merging(extra) { _, new in new },
                standardInput: standardInput.map { Data($0.utf8) }, timeout: .seconds(60))
        }

        /// Every file the CLI wrote to the session directory, concatenated.
        func sessionFiles() throws -> String {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory.path)) ?? []
            return try names.map { name in
                String(decoding: try Data(contentsOf: dataDirectory.appendingPathComponent(name)), as: UTF8.self)
            }.joined()
        }
    }

    private func withAuth(_ body: (Bed) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            try await withRunningEmulator(.testing(palbaseHandlers: [AuthService(policy: .testing), SampleBackend()])) {
                emulator, baseURL in
                try await body(
                    Bed(
                        emulator: emulator, base: baseURL.absoluteString,
                        dataDirectory: directory.appendingPathComponent("palbe")))
            }
        }
    }

    /// The operator commands of the pages (`palbase auth mfa get|reset <user-id>`): a user's second factor is
    /// inspected and reset through the admin API, with --json, and an id that would name another admin path
    /// is a usage error before anything is sent.
    @Test func mfaGetAndResetAUsersSecondFactor() async throws {
        try await withAuth { bed in
            let signup = try await bed.sdk(
                ["palbe", "auth", "signup", "--email", "mfa@example.com", "--password-stdin", "--json"],
                standardInput: "correct-horse-battery\n")
            let id = try #require((try signup.json()["user"] as? [String: Any])?["id"] as? String)
            let enrolled = try await EmulatorTestClient(baseURL: URL(string: bed.base)!, timeout: 30).send(
                "PUT", "/__emulator/auth/users/\(id)/mfa", body: Data(#"{"factors":["totp"]}"#.utf8))
            #expect(enrolled.status == 200)

            let get = try await bed.sdk(["palbe", "auth", "mfa", "get", id, "--json"])
            #expect(get.status == 0, "\(get.stderr)")
            #expect(try get.json()["factors"] as? [String] == ["totp"])
            #expect(try get.json()["userId"] as? String == id)
            let text = try await bed.sdk(["palbe", "auth", "mfa", "get", id])
            #expect(text.stdout == "user \(id): totp\n")

            let reset = try await bed.sdk(["palbe", "auth", "mfa", "reset", id, "--json"])
            #expect(reset.status == 0, "\(reset.stderr)")
            #expect(try reset.json()["factors"] as? [String] == [])
            let after = try await bed.sdk(["palbe", "auth", "mfa", "get", id, "--json"])
            #expect(try after.json()["factors"] as? [String] == [])

            let unknown = try await bed.sdk(["palbe", "auth", "mfa", "get", "usr_nobody", "--json"])
            #expect(unknown.status == 1)
            for hostile in ["../settings", "usr_1/mfa", "usr 1", ""] {
                let refused = try await bed.sdk(["palbe", "auth", "mfa", "reset", hostile, "--json"])
                #expect(refused.status == 2, "\(hostile): \(refused.stdout)")
            }
        }
    }

    @Test func signupWhoamiCallAsThatUserAndLogout() async throws {
        try await withAuth { bed in
            let password = "correct-horse-battery"
            let signup = try await bed.sdk(
                ["palbe", "auth", "signup", "--email", "ada@example.com", "--password-stdin", "--json"],
                standardInput: password + "\n")
            #expect(signup.status == 0, "\(signup.stderr)")
            let user = try #require(try signup.json()["user"] as? [String: Any])
            let id = try #require(user["id"] as? String)
            #expect(user["email"] as? String == "ada@example.com")

            // The session is owner-only on disk: a 0700 directory.
            let attributes = try FileManager.default.attributesOfItem(atPath: bed.dataDirectory.path)
            #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)

            let whoami = try await bed.sdk(["palbe", "auth", "whoami"])
            #expect(whoami.status == 0, "\(whoami.stderr)")
            #expect(whoami.stdout == "ada@example.com (user \(id))\n")
            #expect(try bed.emulator.requests(to: "/auth/me").count == 1, "whoami asks the server")

            let created = try await bed.sdk(["palbe", "call", "todos", "--data", #"{"title":"Ada's"}"#, "--json"])
            #expect(created.status == 0, "\(created.stderr)")
            let post = try #require(try bed.emulator.requests(to: "/todos").last)
            #expect(post.header("Authorization")?.hasPrefix("Bearer ") == true, "the call carries the session")
            let mine = try await bed.sdk(["palbe", "call", "todos", "--method", "GET", "--json"])
            #expect((try mine.json()["result"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Ada's"])
            // With no session (another directory) the API key alone is the anonymous tenant: not Ada's todos.
            let anonymous = try await SDKProcess.run(
                ["palbe", "call", "todos", "--method", "GET", "--json", "--base-url", bed.base],
                environment: ["SDK_PALBE_DATA_DIR": bed.dataDirectory.path + "-other"])
            #expect((try anonymous.json()["result"] as? [Any])?.isEmpty == true)

            let logout = try await bed.sdk(["palbe", "auth", "logout", "--json"])
            #expect(logout.status == 0, "\(logout.stderr)")
            #expect(try logout.json()["serverRevoked"] as? Bool == true)
            #expect(try bed.emulator.requests(to: "/auth/logout").count == 1)
            let after = try await bed.sdk(["palbe", "auth", "whoami", "--json"])
            #expect(after.status == 1)
            #expect((try after.json()["error"] as? [String: Any])?["code"] as? String == "not_signed_in")

            // Nothing printed or stored in the clear gives away the password; no output holds a token.
            let outputs = [signup, whoami, created, mine, logout, after].map { $0.stdout + $0.stderr }.joined()
            #expect(!outputs.contains(password))
            #expect(!outputs.contains("Bearer"))
            let bearer = String(try #require(post.header("Authorization")).dropFirst("Bearer ".count))
            #expect(!outputs.contains(bearer))
        }
    }

    @Test func passwordsComeFromTheEnvironmentOrTheFlagAndNeverPrint() async throws {
        try await withAuth { bed in
            let secret = "env-secret-password"
            let signup = try await bed.sdk(
                ["palbe", "auth", "signup", "--email", "env@example.com"], environment: ["SDK_PALBE_PASSWORD": secret])
            #expect(signup.status == 0, "\(signup.stderr)")
            let login = try await bed.sdk([
                "palbe", "auth", "login", "--email", "env@example.com", "--password", secret, "--json",
            ])
            #expect(login.status == 0, "\(login.stderr)")
            let traced = try await bed.sdk(
                ["palbe", "auth", "login", "--email", "env@example.com", "--password", secret],
                environment: ["PALBASE_DEBUG": "1"])
            #expect(traced.status == 0, "\(traced.stderr)")
            #expect(traced.stderr.contains("/auth/login"), "the trace ran")
            for result in [signup, login, traced] {
                #expect(!(result.stdout + result.stderr).contains(secret))
                #expect(!(result.stdout + result.stderr).contains("Bearer"))
            }
            #expect(try !bed.sessionFiles().contains(secret), "the password is never persisted")

            let missing = try await bed.sdk(["palbe", "auth", "login", "--email", "env@example.com"])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("--password-stdin"))
            let both = try await bed.sdk(
                ["palbe", "auth", "login", "--email", "env@example.com", "--password", secret, "--password-stdin"],
                standardInput: secret + "\n")
            #expect(both.status == 2)
        }
    }

    @Test func aWrongPasswordIsInvalidCredentialsInJSON() async throws {
        try await withAuth { bed in
            let signup = try await bed.sdk(
                ["palbe", "auth", "signup", "--email", "bob@example.com", "--password", "right-password"])
            #expect(signup.status == 0, "\(signup.stderr)")
            let wrong = try await bed.sdk([
                "palbe", "auth", "login", "--email", "bob@example.com", "--password", "wrong-password", "--json",
            ])
            #expect(wrong.status == 1)
            let error = try #require(try wrong.json()["error"] as? [String: Any])
            #expect(error["code"] as? String == "invalid_credentials")
            #expect(error["status"] as? Int == 401)
            #expect(error["sdk"] as? String == "palbe")
            #expect(!wrong.stdout.contains("wrong-password"))
        }
    }

    @Test func otpSendThenVerifyWithTheCodeFromTheInbox() async throws {
        try await withAuth { bed in
            let phone = "+15550123"
            let sent = try await bed.sdk(["palbe", "auth", "otp", "send", "--phone", phone, "--json"])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(try sent.json()["to"] as? String == phone)

            let inbox = try await bed.sdk(["emulator", "inbox", "--to", phone, "--json"])
            let messages = try #require(try inbox.json()["messages"] as? [[String: Any]])
            let code = try #require((messages.last?["metadata"] as? [String: String])?["code"])

            let wrongCode = code == "000000" ? "111111" : "000000"
            let wrong = try await bed.sdk([
                "palbe", "auth", "otp", "verify", "--phone", phone, "--code", wrongCode, "--json",
            ])
            #expect(wrong.status == 1)
            #expect((try wrong.json()["error"] as? [String: Any])?["code"] as? String == "otp_invalid")

            let verified = try await bed.sdk([
                "palbe", "auth", "otp", "verify", "--phone", phone, "--code", code, "--json",
            ])
            #expect(verified.status == 0, "\(verified.stderr)")
            let user = try #require(try verified.json()["user"] as? [String: Any])
            let local = try await bed.sdk(["palbe", "auth", "whoami", "--local", "--json"])
            #expect((try local.json()["user"] as? [String: Any])?["id"] as? String == user["id"] as? String)
            #expect(try bed.emulator.requests(to: "/auth/me").isEmpty, "--local asks nobody")
        }
    }

    @Test func settingsGetAndSetMergeReplaceAndRefuse() async throws {
        try await withAuth { bed in
            let got = try await bed.sdk(["palbe", "auth", "settings", "get", "--json"])
            #expect(got.status == 0, "\(got.stderr)")
            #expect(try got.json()["password_min_length"] as? Int == 8)
            #expect(try got.json()["password_max_length"] as? Int == 64)

            let merged = try await bed.sdk(["palbe", "auth", "settings", "set", "--min-length", "12", "--json"])
            #expect(merged.status == 0, "\(merged.stderr)")
            #expect(try merged.json()["password_min_length"] as? Int == 12)
            #expect(try merged.json()["password_max_length"] as? Int == 64, "merged: the maximum kept its value")

            let confirm = try await bed.sdk(["palbe", "auth", "settings", "set", "--confirm-email", "true", "--json"])
            #expect(try confirm.json()["confirm_email_required"] as? Bool == true)
            #expect(try confirm.json()["password_min_length"] as? Int == 12)

            // Replaced: only what is given, the rest 0/false/null. Without a maximum that is max 0: refused here.
            let refused = try await bed.sdk([
                "palbe", "auth", "settings", "set", "--replace", "--min-length", "10", "--json",
            ])
            #expect(refused.status == 1)
            let refusal = try #require(try refused.json()["error"] as? [String: Any])
            #expect(refusal["code"] as? String == "invalid_settings")
            #expect((refusal["message"] as? String)?.contains("password_max_length") == true)
            let tooLong = try await bed.sdk(["palbe", "auth", "settings", "set", "--min-length", "100", "--json"])
            #expect(tooLong.status == 1)
            #expect((try tooLong.json()["error"] as? [String: Any])?["code"] as? String == "invalid_settings")
            let unknown = try await bed.sdk(["palbe", "auth", "settings", "set", "--data", #"{"nope":1}"#])
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains("nope: Unknown setting"))
            let unchanged = try await bed.sdk(["palbe", "auth", "settings", "get", "--json"])
            #expect(try unchanged.json()["password_min_length"] as? Int == 12, "no refused document was sent")
            #expect(try unchanged.json()["confirm_email_required"] as? Bool == true)

            let replaced = try await bed.sdk([
                "palbe", "auth", "settings", "set", "--replace", "--data", #"{"password_min_length":6}"#,
                "--max-length", "32", "--json",
            ])
            #expect(replaced.status == 0, "\(replaced.stdout)\(replaced.stderr)")
            #expect(try replaced.json()["password_min_length"] as? Int == 6)
            #expect(try replaced.json()["password_max_length"] as? Int == 32)
            #expect(try replaced.json()["confirm_email_required"] as? Bool == false, "replaced, not merged")
        }
    }

    @Test func passwordLifecycleCapabilityAndDeletion() async throws {
        try await withAuth { bed in
            let email = "cyd@example.com"
            _ = try await bed.sdk(["palbe", "auth", "signup", "--email", email, "--password", "first-password"])
            let capability = try await bed.sdk(["palbe", "auth", "capability", "--json"])
            #expect(capability.status == 0, "\(capability.stderr)")
            #expect(try capability.json()["hasPassword"] as? Bool == true)

            let update = try await bed.sdk(
                ["palbe", "auth", "password", "update", "--password-stdin"],
                standardInput: "first-password\nsecond-password\n")
            #expect(update.status == 0, "\(update.stderr)")
            let oldFails = try await bed.sdk([
                "palbe", "auth", "login", "--email", email, "--password", "first-password",
            ])
            #expect(oldFails.status == 1)

            let reset = try await bed.sdk(["palbe", "auth", "password", "reset", "--email", email])
            #expect(reset.status == 0, "\(reset.stderr)")
            let token = try #require(
                try bed.emulator.inbox.messages(to: email).last { $0.metadata["kind"] == "password_reset" }?
                    .metadata["token"])
            let confirmed = try await bed.sdk(
                ["palbe", "auth", "password", "reset", "--token", token],
                environment: ["SDK_PALBE_PASSWORD": "third-password"])
            #expect(confirmed.status == 0, "\(confirmed.stderr)")
            #expect(!(confirmed.stdout + confirmed.stderr).contains(token))
            let login = try await bed.sdk(["palbe", "auth", "login", "--email", email, "--password", "third-password"])
            #expect(login.status == 0, "\(login.stderr)")

            let unconfirmed = try await bed.sdk(["palbe", "auth", "delete"])
            #expect(unconfirmed.status == 2, "deletion needs --yes")
            let withoutPassword = try await bed.sdk(["palbe", "auth", "delete", "--yes", "--json"])
            #expect(withoutPassword.status == 1)
            #expect((try withoutPassword.json()["error"] as? [String: Any])?["code"] as? String == "reauth_required")
            let still = try await bed.sdk(["palbe", "auth", "whoami", "--local"])
            #expect(still.status == 0, "a failed deletion leaves the session")
            let deleted = try await bed.sdk(
                ["palbe", "auth", "delete", "--yes", "--password-stdin", "--json"], standardInput: "third-password\n")
            #expect(deleted.status == 0, "\(deleted.stdout)\(deleted.stderr)")
            #expect(try bed.emulator.requests(to: "/auth/logout").isEmpty, "deletion does not call sign-out")
            let gone = try await bed.sdk(["palbe", "auth", "login", "--email", email, "--password", "third-password"])
            #expect(gone.status == 1)
        }
    }

    @Test func magicLinkEmailVerificationAndAnonymous() async throws {
        try await withAuth { bed in
            let email = "dee@example.com"
            _ = try await bed.sdk(["palbe", "auth", "signup", "--email", email, "--password", "dee-password"])
            let verification = try #require(
                try bed.emulator.inbox.messages(to: email).last { $0.metadata["kind"] == "email_verification" })
            let verified = try await bed.sdk([
                "palbe", "auth", "verify-email", "--token", try #require(verification.metadata["token"]), "--json",
            ])
            #expect(verified.status == 0, "\(verified.stderr)")
            let whoami = try await bed.sdk(["palbe", "auth", "whoami", "--json"])
            #expect((try whoami.json()["user"] as? [String: Any])?["emailVerified"] as? Bool == true)

            let sent = try await bed.sdk(["palbe", "auth", "magic-link", "send", "--email", email])
            #expect(sent.status == 0, "\(sent.stderr)")
            let link = try #require(
                try bed.emulator.inbox.messages(to: email).last { $0.metadata["kind"] == "magic_link" }?.metadata[
                    "token"])
            let linked = try await bed.sdk(["palbe", "auth", "magic-link", "verify", "--token", link, "--json"])
            #expect(linked.status == 0, "\(linked.stderr)")
            #expect((try linked.json()["user"] as? [String: Any])?["email"] as? String == email)

            let anonymous = try await bed.sdk(["palbe", "auth", "anonymous", "--json"])
            #expect(anonymous.status == 0, "\(anonymous.stderr)")
            let anonymousUser = try #require(try anonymous.json()["user"] as? [String: Any])
            #expect(anonymousUser["email"] == nil || anonymousUser["email"] is NSNull)
            let capability = try await bed.sdk(["palbe", "auth", "capability"])
            #expect(capability.stdout.hasPrefix("password: no\n"), "\(capability.stdout)\(capability.stderr)")

            let noVerb = try await bed.sdk(["palbe", "auth", "verify-email", "--code", "123456"])
            #expect(noVerb.status == 2, "--code needs --email")
        }
    }
}
