import ErrorCore
import Foundation
import Palbe

extension Command {
    /// `sdk palbe auth …`: sign in to a Palbase backend through `pb.auth` and keep the session for
    /// `sdk palbe call`.
    static let palbeAuth = Command.group(
        name: "auth",
        summary: "Sign up, sign in and manage the account through pb.auth.",
        discussion: """
            Every command goes through the SDK's auth surface (sealed bodies, DPoP-bound sessions, one refresh \
            for every caller). The session is kept in owner-only files in $\(PalbeAuthCLI.dataDirectoryKey), \
            else \(PalbeAuthCLI.defaultDataDirectory), one per server and API key, and 'sdk palbe call' \
            carries it. Passwords come from --password-stdin, --password or $\(PalbeAuthCLI.passwordKey); no \
            command prints a token or a password. Against the emulator, codes and links land in \
            'sdk emulator inbox'.
            """,
        subcommands: [
            authSignUp, authLogin, authAnonymous, authOTP, authMagicLink, authWhoami, authCapability, authPassword,
            authVerifyEmail, authLogout, authDelete, authSettings, authMFA,
            authPasskey, authOAuth, authLink,
        ]
    )

    private static let emailOption = CommandOption.value(
        "email", type: .nonEmpty, valueName: "address", required: true, help: "The account's email address.")
    private static let phoneOption = CommandOption.value(
        "phone", type: .nonEmpty, valueName: "number", required: true, help: "The phone number, E.164 (+15550100).")

    /// `sdk palbe auth signup --email E [--password-stdin | --password P]`.
    static let authSignUp = Command(
        name: "signup",
        summary: "Create an account with an email and password, and sign it in.",
        options: [emailOption] + PalbeAuthCLI.passwordOptions + PalbeCLIConfiguration.options,
        run: { values, context in
            let password = try PalbeAuthCLI.password(values: values, context: context)
            let client = try await PalbeAuthCLI.client(values: values, context: context)
            let success = try await client.auth.signUp(email: values.string("email") ?? "", password: password)
            try PalbeAuthCLI.emitSignedIn(success.user, verb: "signed up and signed in as", context: context)
        }
    )

    /// `sdk palbe auth login --email E [--password-stdin | --password P]`.
    static let authLogin = Command(
        name: "login",
        summary: "Sign in with an email and password.",
        options: [emailOption] + PalbeAuthCLI.passwordOptions + PalbeCLIConfiguration.options,
        run: { values, context in
            let password = try PalbeAuthCLI.password(values: values, context: context)
            let client = try await PalbeAuthCLI.client(values: values, context: context)
            let success = try await client.auth.signIn(email: values.string("email") ?? "", password: password)
            try PalbeAuthCLI.emitSignedIn(success.user, verb: "signed in as", context: context)
        }
    )

    /// `sdk palbe auth anonymous`.
    static let authAnonymous = Command(
        name: "anonymous",
        summary: "Sign in as a new anonymous user.",
        options: PalbeCLIConfiguration.options,
        run: { values, context in
            let client = try await PalbeAuthCLI.client(values: values, context: context)
            let success = try await client.auth.signInAnonymously()
            try PalbeAuthCLI.emitSignedIn(success.user, verb: "signed in as", context: context)
        }
    )

    /// `sdk palbe auth otp send | verify`.
    static let authOTP = Command.group(
        name: "otp",
        summary: "Sign in with a one-time code sent by SMS.",
        subcommands: [
            Command(
                name: "send",
                summary: "Send a sign-in code to a phone (the emulator's lands in its inbox).",
                options: [phoneOption] + PalbeCLIConfiguration.options,
                run: { values, context in
                    let phone = values.string("phone") ?? ""
                    let client = try await PalbeAuthCLI.client(values: values, context: context)
                    try await client.auth.signInWithOTP(phone: phone)
                    try PalbeAuthCLI.emitDone(
                        "sent a sign-in code to \(phone)", ["channel": "sms", "to": .string(phone)], context: context)
                }),
            Command(
                name: "verify",
                summary: "Sign in (registering a new user) with the code a phone received.",
                options: [
                    phoneOption,
                    .value("code", type: .nonEmpty, required: true, help: "The code from the SMS."),
                ] + PalbeCLIConfiguration.options,
                run: { values, context in
                    let client = try await PalbeAuthCLI.client(values: values, context: context)
                    let success = try await client.auth.verifyOTP(
                        phone: values.string("phone") ?? "", token: values.string("code") ?? "")
                    try PalbeAuthCLI.emitSignedIn(success.user, verb: "signed in as", context: context)
                }),
        ]
    )

    /// `sdk palbe auth magic-link send | verify`.
    static let authMagicLink = Command.group(
        name: "magic-link",
        summary: "Sign in with a link sent by email.",
        subcommands: [
            Command(
                name: "send",
                summary: "Email a sign-in link (the emulator's lands in its inbox).",
                options: [emailOption] + PalbeCLIConfiguration.options,
                run: { values, context in
                    let email = values.string("email") ?? ""
                    let client = try await PalbeAuthCLI.client(values: values, context: context)
                    try await client.auth.signInWithMagicLink(email: email)
                    try PalbeAuthCLI.emitDone(
                        "sent a sign-in link to \(email)", ["channel": "email", "to": .string(email)], context: context)
                }),
            Command(
                name: "verify",
                summary: "Sign in with the token of a magic link.",
                options: [
                    .value("token", type: .nonEmpty, required: true, help: "The link's token parameter.")
                ] + PalbeCLIConfiguration.options,
                run: { values, context in
                    let client = try await PalbeAuthCLI.client(values: values, context: context)
                    switch try await client.auth.verifyMagicLink(token: values.string("token") ?? "") {
                    case .signedIn(let success):
                        try PalbeAuthCLI.emitSignedIn(success.user, verb: "signed in as", context: context)
                    case .mfaRequired(_, let factors):
                        // The challenge token is a credential: it is not printed.
                        throw CommandFailure(
                            code: "mfa_required",
                            message: "The account has a second factor (\(factors.joined(separator: ", "))); "
                                + "no session was created")
                    }
                }),
        ]
    )

    /// `sdk palbe auth whoami [--local]`.
    static let authWhoami = Command(
        name: "whoami",
        summary: "Show the signed-in user, as the server has them now.",
        discussion: """
            Reads GET /auth/me with the stored session (refreshing it if it expired). --local prints the \
            cached user instead, with no network. Exits 1 with not_signed_in when nobody is signed in.
            """,
        options: [.flag("local", help: "Print the cached user; no network.")] + PalbeCLIConfiguration.options,
        run: { values, context in
            let client = try await PalbeAuthCLI.client(values: values, context: context)
            guard let cached = await client.auth.currentUser else { throw PalbeAuthCLI.notSignedIn }
            let user = values.flag("local") ? cached : try await client.auth.refreshUser()
            try context.emit(SignedInResult(user: user), text: [PalbeAuthCLI.describe(user)])
        }
    )

    /// `sdk palbe auth capability`.
    static let authCapability = Command(
        name: "capability",
        summary: "Show which credentials the signed-in account has.",
        options: PalbeCLIConfiguration.options,
        run: { values, context in
            let client = try await PalbeAuthCLI.client(values: values, context: context)
            guard await client.auth.isSignedIn else { throw PalbeAuthCLI.notSignedIn }
            let capability = try await client.auth.capability()
            var object: [String: AnyCodableValue] = ["hasPassword": .bool(capability.hasPassword)]
            object["providers"] = capability.providers.map { .array($0.map(AnyCodableValue.string)) } ?? .null
            let providers = capability.providers.map { $0.isEmpty ? "none" : $0.joined(separator: ", ") } ?? "unknown"
            try context.emit(
                AnyCodableValue.object(object),
                text: ["password: \(capability.hasPassword ? "yes" : "no")", "providers: \(providers)"])
        }
    )

    /// `sdk palbe auth logout`.
    static let authLogout = Command(
        name: "logout",
        summary: "Sign out: revoke the session on the server and forget it here.",
        discussion: """
            The local session is always forgotten; when the server could not be told, the command still \
            succeeds and says so ("serverRevoked": false).
            """,
        options: PalbeCLIConfiguration.options,
        run: { values, context in
            let client = try await PalbeAuthCLI.client(values: values, context: context)
            guard await client.auth.isSignedIn else {
                try PalbeAuthCLI.emitDone("nobody was signed in", ["serverRevoked": false], context: context)
                return
            }
            var revoked = true
            do throws(AuthError) {
                try await client.auth.signOut()
            } catch {
                revoked = false
                context.log("warning: the server was not told (\(error.code)); the session is forgotten here")
            }
            try PalbeAuthCLI.emitDone(
                revoked ? "signed out" : "signed out locally", ["serverRevoked": .bool(revoked)], context: context)
        }
    )

    /// `sdk palbe auth delete --yes [--password-stdin | --password P]`.
    static let authDelete = Command(
        name: "delete",
        summary: "Delete the signed-in account and every session it has.",
        discussion: """
            Irreversible, so --yes is required. An account with a password may need it (give it like sign-in \
            does) or a recent sign-in; the server answers reauth_required otherwise.
            """,
        options: [.flag("yes", help: "Confirm the deletion.")] + PalbeAuthCLI.passwordOptions
            + PalbeCLIConfiguration.options,
        run: { values, context in
            guard values.flag("yes") else {
                throw UsageError(code: .missingOption, message: "deleting the account needs --yes")
            }
            let given =
                values.flag("password-stdin") || values.contains("password")
                || context.environment[PalbeAuthCLI.passwordKey]?.isEmpty == false
            let password = given ? try PalbeAuthCLI.password(values: values, context: context) : nil
            let client = try await PalbeAuthCLI.client(values: values, context: context)
            guard let user = await client.auth.currentUser else { throw PalbeAuthCLI.notSignedIn }
            try await client.auth.deleteAccount(password: password)
            try PalbeAuthCLI.emitDone(
                "deleted \(PalbeAuthCLI.describe(user)); signed out", ["deleted": .string(user.id)], context: context)
        }
    )
}
