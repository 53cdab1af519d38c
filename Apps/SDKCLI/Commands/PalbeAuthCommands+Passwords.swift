import ErrorCore
import Foundation
import Palbe

extension Command {
    /// `sdk palbe auth password reset | update | set`.
    static let authPassword = Command.group(
        name: "password",
        summary: "Reset, change or set the account's password.",
        subcommands: [authPasswordReset, authPasswordUpdate, authPasswordSet]
    )

    /// `sdk palbe auth password reset --email E` (send the link), or `--token T` with the new password
    /// (confirm it). Neither signs anybody in.
    static let authPasswordReset = Command(
        name: "reset",
        summary: "Email a reset link (--email), or set a new password with its token (--token).",
        discussion: """
            With --email the server emails a reset token (the emulator's lands in 'sdk emulator inbox'). \
            With --token the new password is set, given like any password (--password-stdin, --password or \
            $\(PalbeAuthCLI.passwordKey)). Nobody is signed in either way.
            """,
        parameters: PalbePasswordResetParameters(),
        run: { values, context in
            switch (values.email, values.token) {
            case (let email?, nil):
                let client = try await PalbeAuthCLI.client(values: values.target, context: context)
                try await client.auth.resetPassword(email: email)
                try PalbeAuthCLI.emitDone("sent a reset link to \(email)", ["to": .string(email)], context: context)
            case (nil, let token?):
                let password = try PalbeAuthCLI.password(values: values.password, context: context)
                let client = try await PalbeAuthCLI.client(values: values.target, context: context)
                try await client.auth.confirmPasswordReset(token: token, newPassword: password)
                try PalbeAuthCLI.emitDone("password reset; sign in with the new one", context: context)
            case (.some, .some):
                throw UsageError(code: .conflictingOptions, message: "give --email or --token, not both")
            case (nil, nil):
                throw UsageError(code: .missingOption, message: "give --email (send a link) or --token (confirm)")
            }
        }
    )

    /// `sdk palbe auth password update`: the current password, then the new one.
    static let authPasswordUpdate = Command(
        name: "update",
        summary: "Change the signed-in account's password; the session stays.",
        discussion: """
            The current password comes from the first line of --password-stdin, --password or \
            $\(PalbeAuthCLI.passwordKey); the new one from the second line, --new-password or \
            $\(PalbeAuthCLI.newPasswordKey).
            """,
        parameters: PalbePasswordUpdateParameters(),
        run: { values, context in
            let passwords = try PalbeAuthCLI.passwords(
                [
                    (values.password.text, "password", PalbeAuthCLI.passwordKey),
                    (values.newPassword, "new-password", PalbeAuthCLI.newPasswordKey),
                ], fromStdin: values.password.fromStdin, context: context)
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            guard await client.auth.isSignedIn else { throw PalbeAuthCLI.notSignedIn }
            try await client.auth.updatePassword(currentPassword: passwords[0], newPassword: passwords[1])
            try PalbeAuthCLI.emitDone("password changed", context: context)
        }
    )

    /// `sdk palbe auth password set`: a first password for an account that has none.
    static let authPasswordSet = Command(
        name: "set",
        summary: "Give a password to a signed-in account that has none (needs a recent sign-in).",
        parameters: PalbePasswordSetParameters(),
        run: { values, context in
            let password = try PalbeAuthCLI.password(values: values.password, context: context)
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            guard await client.auth.isSignedIn else { throw PalbeAuthCLI.notSignedIn }
            try await client.auth.setPassword(password)
            try PalbeAuthCLI.emitDone("password set", context: context)
        }
    )

    /// `sdk palbe auth verify-email --token T | --code C --email E | --resend --email E`.
    static let authVerifyEmail = Command(
        name: "verify-email",
        summary: "Verify an email address with its token or code, or send a new one (--resend).",
        parameters: PalbeVerifyEmailParameters(),
        run: { values, context in
            let token = values.token
            let code = values.code
            let email = values.email
            let resend = values.resend
            guard [token != nil, code != nil, resend].filter({ $0 }).count == 1 else {
                throw UsageError(code: .conflictingOptions, message: "give exactly one of --token, --code and --resend")
            }
            if (code != nil || resend) && email == nil {
                throw UsageError(code: .missingOption, message: "--code and --resend need --email")
            }
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            if let token {
                try await client.auth.verifyEmail(token: token)
                try PalbeAuthCLI.emitDone("email verified", context: context)
            } else if let code, let email {
                try await client.auth.verifyEmail(code: code, email: email)
                try PalbeAuthCLI.emitDone("\(email) verified", context: context)
            } else if let email {
                try await client.auth.resendVerification(email: email)
                try PalbeAuthCLI.emitDone(
                    "sent a verification email to \(email)", ["to": .string(email)], context: context)
            }
        }
    )
}

/// `password reset`'s options: `--email` sends the link, `--token` confirms it with the new password.
private struct PalbePasswordResetParameters: CommandParameters {
    let email = Option<String?>.value(
        "email", type: .nonEmpty, valueName: "address", help: "Send a reset link to this address.")
    let token = Option<String?>.value("token", type: .nonEmpty, help: "Confirm the reset with the emailed token.")
    let password = PalbePasswordOptions()
    let target = PalbeTargetOptions()
}

/// `password update`'s options: the current password, then the new one.
private struct PalbePasswordUpdateParameters: CommandParameters {
    let password = PalbePasswordOptions()
    let newPassword = PalbeAuthCLI.newPassword
    let target = PalbeTargetOptions()
}

/// `password set`'s options.
private struct PalbePasswordSetParameters: CommandParameters {
    let password = PalbePasswordOptions()
    let target = PalbeTargetOptions()
}

/// `verify-email`'s options: exactly one of `--token`, `--code` and `--resend`.
private struct PalbeVerifyEmailParameters: CommandParameters {
    let token = Option<String?>.value("token", type: .nonEmpty, help: "The token of the verification link.")
    let code = Option<String?>.value(
        "code", type: .nonEmpty, help: "The code of the verification email (with --email).")
    let email = Option<String?>.value(
        "email", type: .nonEmpty, valueName: "address", help: "The address the code or resend is for.")
    let resend = Option.flag("resend", help: "Send a new verification email to --email.")
    let target = PalbeTargetOptions()
}
