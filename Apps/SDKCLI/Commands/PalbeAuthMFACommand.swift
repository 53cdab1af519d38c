import ErrorCore
import Foundation

extension Command {
    /// `sdk palbe auth mfa get | reset <user-id>`: the operator's view of a user's second factor (the pages'
    /// `palbase auth mfa get|reset`), through the emulator's admin API.
    static let authMFA = Command.group(
        name: "mfa",
        summary: "Inspect or reset a user's second factor (operator; emulator admin API).",
        discussion: """
            Acts on the emulator at --base-url (default \(PalbeCLIConfiguration.defaultBaseURL.absoluteString)) \
            through its admin API, with the admin token 'sdk emulator inbox' uses, without any client of the \
            user being involved.
            """,
        subcommands: [authMFAGet, authMFAReset]
    )

    /// `sdk palbe auth mfa get <user-id>`.
    static let authMFAGet = Command(
        name: "get",
        summary: "Print the user's enrolled second factors.",
        parameters: PalbeAuthMFAParameters(),
        run: { values, context in
            let user = try PalbeAuthMFA.userID(values.userID)
            let answer = try await AuthAdmin(context: context).exchange("GET", "auth/users/\(user)/mfa")
            let factors = answer["factors"]?.arrayValue?.compactMap(\.stringValue) ?? []
            try context.emit(
                AnyCodableValue.object([
                    "userId": .string(user), "factors": .array(factors.map(AnyCodableValue.string)),
                ]),
                text: [
                    factors.isEmpty
                        ? "user \(user) has no second factor"
                        : "user \(user): \(factors.joined(separator: ", "))"
                ])
        }
    )

    /// `sdk palbe auth mfa reset <user-id>`.
    static let authMFAReset = Command(
        name: "reset",
        summary: "Remove every second factor of the user (they sign in with their first factor alone).",
        parameters: PalbeAuthMFAParameters(),
        run: { values, context in
            let user = try PalbeAuthMFA.userID(values.userID)
            _ = try await AuthAdmin(context: context).exchange("DELETE", "auth/users/\(user)/mfa")
            try context.emit(
                AnyCodableValue.object(["userId": .string(user), "factors": .array([])]),
                text: ["second factor reset for user \(user)"])
        }
    )
}

/// The `<user-id>` both operator commands take.
private struct PalbeAuthMFAParameters: CommandParameters {
    let userID = Argument<String>.required(
        "user-id", type: .nonEmpty, help: "The user's id (usr_…), as 'sdk palbe auth whoami' prints it.")
}

enum PalbeAuthMFA {
    /// `id`, the `user-id` argument; an id with anything but letters, digits, `_` and `-` would name another
    /// admin path, so it is a usage error (exit 2) before anything is sent.
    static func userID(_ id: String) throws -> String {
        let allowed = id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
        guard allowed, (1...128).contains(id.utf8.count) else {
            throw UsageError(code: .invalidValue, message: "user-id must be a user id such as usr_…")
        }
        return id
    }
}
