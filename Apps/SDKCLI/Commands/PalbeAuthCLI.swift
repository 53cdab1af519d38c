import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport

/// What the `sdk palbe auth …` commands share: where the session lives, the client they use, how they
/// read passwords, and how they print a user.
///
/// The session is the SDK's own persisted unit (session, cached user, DPoP device key) in owner-only
/// files under `$SDK_PALBE_DATA_DIR`, else `.sdk/palbe` in the working directory: never the SDK's
/// per-user default, so the CLI cannot disturb an app's session. One item per environment (base URL and
/// API key), so signing in to one emulator never sends that session to another server.
///
/// Passwords come from `--password-stdin` (one per line, in the order the command names them), or
/// `--password` / `--new-password` on the command line (visible to `ps`; for scripts on a machine of
/// their own), else an environment variable (`SDK_PALBE_PASSWORD`, `SDK_PALBE_NEW_PASSWORD`). No command
/// prints a token or a password.
enum PalbeAuthCLI {
    /// Where the session lives, when set.
    static let dataDirectoryKey = "SDK_PALBE_DATA_DIR"
    /// The session directory otherwise, relative to the working directory.
    static let defaultDataDirectory = ".sdk/palbe"
    /// The password, from the environment.
    static let passwordKey = "SDK_PALBE_PASSWORD"
    /// The new password of `password update`, from the environment.
    static let newPasswordKey = "SDK_PALBE_NEW_PASSWORD"

    /// `$SDK_PALBE_DATA_DIR` when set and not empty, else `.sdk/palbe`.
    static func dataDirectory(environment: [String: String]) -> URL {
        if let path = environment[dataDirectoryKey], !path.isEmpty { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: defaultDataDirectory)
    }

    /// The owner-only store the CLI's session lives in (directory 0700, files 0600, atomic writes).
    static func sessionStore(environment: [String: String]) -> any SecureStore {
        SessionStorage.directory(dataDirectory(environment: environment))
    }

    /// A client configured from the command line (as `sdk palbe call` is) whose session is the CLI's.
    ///
    /// Its passkeys are a ``SoftwareAuthenticator``'s in the same store on every platform: a terminal
    /// has no system sheet to show.
    static func client(values: Parsed<PalbeTargetOptions>, context: OutputContext) async throws -> PalbeClient {
        let store = sessionStore(environment: context.environment)
        var runtime = PalbeCLIConfiguration.runtime(for: context, sessionStore: store)
        runtime.passkeyAuthenticator = SoftwareAuthenticator(store: store)
        let client = PalbeClient(
            configuration: try await PalbeCLIConfiguration.resolve(values: values, context: context),
            transport: DefaultTransport.make(), runtime: runtime)
        // A sign-in that beats the launch read of the session returns before its write; the process must
        // not exit before it.
        context.atExit.add { [session = client.session] in await session.settled() }
        return client
    }

    // MARK: - Options

    /// `--email`, for the commands that name an account.
    static let email = Option<String>.required(
        "email", type: .nonEmpty, valueName: "address", help: "The account's email address.")
    /// `--phone`, for the SMS sign-in commands.
    static let phone = Option<String>.required(
        "phone", type: .nonEmpty, valueName: "number", help: "The phone number, E.164 (+15550100).")
    /// `--new-password`, for `password update`.
    static let newPassword = Option<String?>.value(
        "new-password", type: .nonEmpty, valueName: "password",
        help: "The new password (prefer the second line of --password-stdin or $\(newPasswordKey)).")

    // MARK: - Passwords

    /// One password a command needs: what its option gave, that option's name, and the variable read
    /// when neither stdin nor the option gives it.
    typealias PasswordSource = (given: String?, option: String, variable: String)

    /// The passwords a command needs, in order (the password, or the password and the new one): the
    /// lines of stdin with `--password-stdin` (`fromStdin`), else each from its option, else its variable.
    ///
    /// - Throws: ``UsageError`` (exit 2) when one is missing, or `--password-stdin` is combined with
    ///   `--password`.
    static func passwords(
        _ sources: [PasswordSource], fromStdin: Bool, context: OutputContext
    ) throws -> [String] {
        if fromStdin {
            for source in sources where source.given != nil {
                throw UsageError(
                    code: .conflictingOptions, message: "--password-stdin and --\(source.option) cannot be combined")
            }
            let lines = SecretInput.standardInputLines()
            return try sources.enumerated().map { index, source in
                guard index < lines.count, !lines[index].isEmpty else {
                    throw UsageError(
                        code: .missingValue,
                        message: "--password-stdin: line \(index + 1) of stdin (the \(source.option)) is missing")
                }
                return lines[index]
            }
        }
        return try sources.map { source in
            if let value = source.given { return value }
            if let value = context.environment[source.variable], !value.isEmpty { return value }
            throw UsageError(
                code: .missingOption,
                message: "give the \(source.option) with --password-stdin, $\(source.variable) or --\(source.option)")
        }
    }

    /// The one password of a command that takes `--password`.
    static func password(values: Parsed<PalbePasswordOptions>, context: OutputContext) throws -> String {
        try passwords([(values.text, "password", passwordKey)], fromStdin: values.fromStdin, context: context)[0]
    }

    // MARK: - Output

    /// `user` for people: `ada@example.com (user usr_…)`, or `anonymous (user usr_…)`.
    static func describe(_ user: AuthUser) -> String {
        "\(user.email ?? "anonymous") (user \(user.id)\(user.emailVerified ? ", email verified" : ""))"
    }

    /// The signed-in user, as every command that signs in prints it.
    static func emitSignedIn(_ user: AuthUser, verb: String, context: OutputContext) throws {
        try context.emit(SignedInResult(user: user), text: ["\(verb) \(describe(user))"])
    }

    /// A one-line acknowledgement: `{"ok":true,…fields}` with `--json`.
    static func emitDone(_ line: String, _ fields: [String: AnyCodableValue] = [:], context: OutputContext) throws {
        var object = fields
        object["ok"] = .bool(true)
        try context.emit(AnyCodableValue.object(object), text: [line])
    }

    /// Nobody is signed in: the failure of commands that need a session.
    static let notSignedIn = CommandFailure(
        code: "not_signed_in",
        message: "Nobody is signed in here; sign in with 'sdk palbe auth login' (or signup, anonymous, otp verify)")
}

/// `--password` and `--password-stdin`, which every command that takes a password accepts.
struct PalbePasswordOptions: CommandParameters {
    let text = Option<String?>.value(
        "password", type: .nonEmpty, valueName: "password",
        help: "The password (visible to other processes; prefer --password-stdin or $\(PalbeAuthCLI.passwordKey)).")
    let fromStdin = Option.flag("password-stdin", help: "Read the password from the first line of stdin.")
}

/// `{"user":{…}}`, what a command that signs in or reads the user prints with `--json`.
struct SignedInResult: Encodable {
    let user: AuthUser
}
