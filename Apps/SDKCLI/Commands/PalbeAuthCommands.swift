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

    /// `sdk palbe auth signup --email E [--password-stdin | --password P]`.
    static let authSignUp = Command(
        name: "signup",
        summary: "Create an account with an email and password, and sign it in.",
        parameters: PalbeEmailPasswordParameters(),
        run: { values, context in
            let password = try PalbeAuthCLI.password(values: values.password, context: context)
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            let success = try await client.auth.signUp(email: values.email, password: password)
            try PalbeAuthCLI.emitSignedIn(success.user, verb: "signed up and signed in as", context: context)
        }
    )

    /// `sdk palbe auth login --email E [--password-stdin | --password P]`.
    static let authLogin = Command(
        name: "login",
        summary: "Sign in with an email and password.",
        parameters: PalbeEmailPasswordParameters(),
        run: { values, context in
            let password = try PalbeAuthCLI.password(values: values.password, context: context)
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            let success = try await client.auth.signIn(email: values.email, password: password)
            try PalbeAuthCLI.emitSignedIn(success.user, verb: "signed in as", context: context)
        }
    )

    /// `sdk palbe auth anonymous`.
    static let authAnonymous = Command(
        name: "anonymous",
        summary: "Sign in as a new anonymous user.",
        parameters: PalbeTargetOptions(),
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
                parameters: PalbeOTPSendParameters(),
                run: { values, context in
                    let phone = values.phone
                    let client = try await PalbeAuthCLI.client(values: values.target, context: context)
                    try await client.auth.signInWithOTP(phone: phone)
                    try PalbeAuthCLI.emitDone(
                        "sent a sign-in code to \(phone)", ["channel": "sms", "to": .string(phone)], context: context)
                }),
            Command(
                name: "verify",
                summary: "Sign in (registering a new user) with the code a phone received.",
                parameters: PalbeOTPVerifyParameters(),
                run: { values, context in
                    let client = try await PalbeAuthCLI.client(values: values.target, context: context)
                    let success = try await client.auth.verifyOTP(phone: values.phone, token: values.code)
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
                parameters: PalbeEmailParameters(),
                run: { values, context in
                    let email = values.email
                    let client = try await PalbeAuthCLI.client(values: values.target, context: context)
                    try await client.auth.signInWithMagicLink(email: email)
                    try PalbeAuthCLI.emitDone(
                        "sent a sign-in link to \(email)", ["channel": "email", "to": .string(email)], context: context)
                }),
            Command(
                name: "verify",
                summary: "Sign in with the token of a magic link.",
                parameters: PalbeMagicLinkVerifyParameters(),
                run: { values, context in
                    let client = try await PalbeAuthCLI.client(values: values.target, context: context)
                    switch try await client.auth.verifyMagicLink(token: values.token) {
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
        parameters: PalbeWhoamiParameters(),
        run: { values, context in
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            guard let cached = await client.auth.currentUser else { throw PalbeAuthCLI.notSignedIn }
            let user = values.local ? cached : try await client.auth.refreshUser()
            try context.emit(SignedInResult(user: user), text: [PalbeAuthCLI.describe(user)])
        }
    )

    /// `sdk palbe auth capability`.
    static let authCapability = Command(
        name: "capability",
        summary: "Show which credentials the signed-in account has.",
        parameters: PalbeTargetOptions(),
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
        parameters: PalbeTargetOptions(),
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
        parameters: PalbeDeleteParameters(),
        run: { values, context in
            guard values.yes else {
                throw UsageError(code: .missingOption, message: "deleting the account needs --yes")
            }
            let given =
                values.password.fromStdin || values.password.text != nil
                || context.environment[PalbeAuthCLI.passwordKey]?.isEmpty == false
            let password = given ? try PalbeAuthCLI.password(values: values.password, context: context) : nil
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            guard let user = await client.auth.currentUser else { throw PalbeAuthCLI.notSignedIn }
            try await client.auth.deleteAccount(password: password)
            try PalbeAuthCLI.emitDone(
                "deleted \(PalbeAuthCLI.describe(user)); signed out", ["deleted": .string(user.id)], context: context)
        }
    )
}

/// `--email` and where the calls go, as `magic-link send` takes them.
private struct PalbeEmailParameters: CommandParameters {
    let email = PalbeAuthCLI.email
    let target = PalbeTargetOptions()
}

/// `--email`, the password and where the calls go, as `signup` and `login` take them.
private struct PalbeEmailPasswordParameters: CommandParameters {
    let email = PalbeAuthCLI.email
    let password = PalbePasswordOptions()
    let target = PalbeTargetOptions()
}

/// `otp send`'s options.
private struct PalbeOTPSendParameters: CommandParameters {
    let phone = PalbeAuthCLI.phone
    let target = PalbeTargetOptions()
}

/// `otp verify`'s options.
private struct PalbeOTPVerifyParameters: CommandParameters {
    let phone = PalbeAuthCLI.phone
    let code = Option<String>.required("code", type: .nonEmpty, help: "The code from the SMS.")
    let target = PalbeTargetOptions()
}

/// `magic-link verify`'s options.
private struct PalbeMagicLinkVerifyParameters: CommandParameters {
    let token = Option<String>.required("token", type: .nonEmpty, help: "The link's token parameter.")
    let target = PalbeTargetOptions()
}

/// `whoami`'s options.
private struct PalbeWhoamiParameters: CommandParameters {
    let local = Option.flag("local", help: "Print the cached user; no network.")
    let target = PalbeTargetOptions()
}

/// `delete`'s options.
private struct PalbeDeleteParameters: CommandParameters {
    let yes = Option.flag("yes", help: "Confirm the deletion.")
    let password = PalbePasswordOptions()
    let target = PalbeTargetOptions()
}
