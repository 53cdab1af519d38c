import ErrorCore
import Foundation
import Palbe

extension Command {
    /// `sdk palbe auth passkey signup | login | register | step-up`.
    static let authPasskey = Command.group(
        name: "passkey",
        summary: "Sign up, sign in, add a passkey and step up with a software passkey.",
        discussion: """
            The CLI is its own authenticator: an ES256 software passkey per server host, kept with the session \
            in owner-only files in $\(PalbeAuthCLI.dataDirectoryKey), else \(PalbeAuthCLI.defaultDataDirectory), \
            with a sign count that rises on every use. Sign-in is discoverable: it takes no email, and uses the \
            passkey used most recently for the host. 'register' needs a recent sign-in (five minutes); on a \
            stale session it fails with reauthentication_required, and 'step-up' makes the session recent again.
            """,
        subcommands: [authPasskeySignUp, authPasskeyLogin, authPasskeyRegister, authPasskeyStepUp]
    )

    /// `sdk palbe auth passkey signup --email E [--display-name N]`.
    static let authPasskeySignUp = Command(
        name: "signup",
        summary: "Create an account whose only credential is a new passkey, and sign it in.",
        parameters: PalbePasskeySignUpParameters(),
        run: { values, context in
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            let success = try await client.auth.signUpWithPasskey(
                email: values.email, displayName: values.displayName ?? values.email)
            try PalbeAuthCLI.emitSignedIn(success.user, verb: "signed up with a passkey as", context: context)
        }
    )

    /// `sdk palbe auth passkey login`.
    static let authPasskeyLogin = Command(
        name: "login",
        summary: "Sign in with the passkey stored here for the server: no email, no password.",
        parameters: PalbeTargetOptions(),
        run: { values, context in
            let client = try await PalbeAuthCLI.client(values: values, context: context)
            let success = try await client.auth.signInWithPasskey()
            try PalbeAuthCLI.emitSignedIn(success.user, verb: "signed in with a passkey as", context: context)
        }
    )

    /// `sdk palbe auth passkey register --name N`.
    static let authPasskeyRegister = Command(
        name: "register",
        summary: "Add a passkey to the signed-in account (needs a recent sign-in).",
        parameters: PalbePasskeyRegisterParameters(),
        run: { values, context in
            let name = values.name
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            guard await client.auth.isSignedIn else { throw PalbeAuthCLI.notSignedIn }
            try await client.auth.registerPasskey(name: name)
            try PalbeAuthCLI.emitDone("registered passkey \"\(name)\"", ["name": .string(name)], context: context)
        }
    )

    /// `sdk palbe auth passkey step-up`.
    static let authPasskeyStepUp = Command(
        name: "step-up",
        summary: "Re-authenticate with a passkey so the session is recent again.",
        parameters: PalbeTargetOptions(),
        run: { values, context in
            let client = try await PalbeAuthCLI.client(values: values, context: context)
            guard await client.auth.isSignedIn else { throw PalbeAuthCLI.notSignedIn }
            try await client.auth.stepUp()
            try PalbeAuthCLI.emitDone("stepped up: the session is recent", ["recent": true], context: context)
        }
    )
}

/// `passkey signup`'s options.
private struct PalbePasskeySignUpParameters: CommandParameters {
    let email = PalbeAuthCLI.email
    let displayName = Option<String?>.value(
        "display-name", type: .nonEmpty, valueName: "name", help: "The name the passkey shows (the email).")
    let target = PalbeTargetOptions()
}

/// `passkey register`'s options.
private struct PalbePasskeyRegisterParameters: CommandParameters {
    let name = Option<String>.required("name", type: .nonEmpty, valueName: "name", help: "What to call the passkey.")
    let target = PalbeTargetOptions()
}
