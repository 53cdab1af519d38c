import Emulator
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport

extension DemoSection {
    /// Passkeys through `pb.auth`: a passkey sign-up, a passwordless sign-in on a second client with the
    /// same authenticator, a first password set on the recent session (`capability().hasPassword` false,
    /// then true), and `registerPasskey` refused on a stale session, then accepted after `stepUp()`.
    ///
    /// The authenticator is the software one Linux uses, its credentials in a temporary directory. Runs on
    /// an emulator it starts in memory, or on `--base-url`'s (whose clock it moves and puts back).
    package static let palbePasskeys = DemoSection(
        title: "Palbe auth: passkeys, a first password and a step-up", timeout: .seconds(60)
    ) { context in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sdk-demo-passkeys-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await withDemoEmulator(context) { configuration in
            try await PalbePasskeyDemo(configuration: configuration, directory: directory, context: context).run()
        }
    }
}

/// The passkey demo's script. Every claim it prints is checked first.
private struct PalbePasskeyDemo {
    /// Just past the five minutes a sign-in stays recent.
    static let staleOffset = 301

    let configuration: PalbeConfiguration
    let directory: URL
    let context: OutputContext

    /// A client with its own session directory, sharing the demo's passkeys.
    private func client(session: String) -> PalbeClient {
        var runtime = PalbeCLIConfiguration.runtime(
            for: context, sessionStore: SessionStorage.directory(directory.appendingPathComponent(session)))
        runtime.passkeyAuthenticator = SoftwareAuthenticator(
            store: SessionStorage.directory(directory.appendingPathComponent("passkeys")))
        return PalbeClient(configuration: configuration, transport: DefaultTransport.make(), runtime: runtime)
    }

    func run() async throws -> [String] {
        var lines: [String] = []
        let rpID = configuration.baseURL.host ?? "?"

        // 1. A passkey sign-up, then a passwordless sign-in on another client with the same authenticator.
        let email = "passkey-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let user = try await client(session: "first").auth.signUpWithPasskey(email: email, displayName: "Demo").user
        lines.append("1. signed up \(email) with a passkey for \(rpID) (user \(user.id)): no password exists")
        let pb = client(session: "second")
        let signedIn = try await pb.auth.signInWithPasskey().user
        guard signedIn.id == user.id else { throw failure("the passkey signed in another user") }
        lines.append("   a second client signed in with the passkey alone: same user, no email or password given")

        // 2. No password yet; setPassword on the recent session gives the account its first one.
        let before = try await pb.auth.capability().hasPassword
        try await pb.auth.setPassword("demo-" + UUID().uuidString)
        let after = try await pb.auth.capability().hasPassword
        guard !before, after else { throw failure("hasPassword went \(before) → \(after)") }
        lines.append("2. capability().hasPassword false; setPassword on the recent session; now true")

        // 3. Stale: registerPasskey is refused; stepUp() makes the session recent and it is accepted.
        let admin = EmulatorAdminClient(baseURL: configuration.baseURL, environment: context.environment)
        try await clock(admin, "PUT", ["offset_seconds": .int(Self.staleOffset)])
        let refusal: String
        do {
            refusal = try await staleRegistration(pb)
        } catch {
            try? await clock(admin, "DELETE", nil)
            throw error
        }
        try await clock(admin, "DELETE", nil)
        guard refusal == "403 reauthentication_required" else {
            throw failure("registerPasskey on a stale session: \(refusal)")
        }
        lines.append(
            "3. emulator clock +\(Self.staleOffset) s: registerPasskey refused with \(refusal); "
                + "stepUp() with the passkey, then registerPasskey accepted")
        return lines
    }

    /// Tries `registerPasskey` on the stale session and returns how it was refused ("accepted" if it was
    /// not); then steps up and registers, which must succeed.
    private func staleRegistration(_ pb: PalbeClient) async throws -> String {
        var refusal = "accepted"
        do {
            try await pb.auth.registerPasskey(name: "Demo laptop")
        } catch {
            refusal = "\(error.statusCode.map(String.init) ?? "-") \(error.code)"
        }
        try await pb.auth.stepUp()
        try await pb.auth.registerPasskey(name: "Demo laptop")
        return refusal
    }

    private func clock(_ admin: EmulatorAdminClient, _ method: String, _ body: AnyCodableValue?) async throws {
        let response = try await admin.send(method, "auth/clock", body: body)
        guard (200..<300).contains(response.status) else { throw admin.failure(response, path: "auth/clock") }
    }

    private func failure(_ message: String) -> CommandFailure {
        CommandFailure(code: "demo_passkeys", message: message)
    }
}
