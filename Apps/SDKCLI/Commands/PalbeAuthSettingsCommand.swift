import Emulator
import ErrorCore
import Foundation
import SDKTransport

extension Command {
    /// `sdk palbe auth settings get | set`: the emulator's auth settings, through its admin API.
    static let authSettings = Command.group(
        name: "settings",
        summary: "Read or change the emulator's auth settings (password lengths, email confirmation, passkey apps).",
        discussion: """
            Acts on the emulator at --base-url (default \(PalbeCLIConfiguration.defaultBaseURL.absoluteString)) \
            through its admin API, with the admin token 'sdk emulator inbox' uses.
            """,
        subcommands: [authSettingsGet, authSettingsSet]
    )

    /// `sdk palbe auth settings get`.
    static let authSettingsGet = Command(
        name: "get",
        summary: "Print the auth settings document.",
        run: { _, context in
            let document = try await AuthAdmin(context: context).exchange("GET", "auth/settings")
            try context.emit(document, text: [try PalbeCLIRequest.prettyJSON(document)])
        }
    )

    /// `sdk palbe auth settings set [--min-length N] [--max-length N] [--confirm-email true|false]
    /// [--site-url URL|none] [--passkey-apple-apps IDS|none] [--data JSON|@file] [--replace]`.
    static let authSettingsSet = Command(
        name: "set",
        summary: "Change auth settings: merged into the current document unless --replace.",
        discussion: """
            Without --replace the given settings are merged into the current document, so a setting you do \
            not name keeps its value. With --replace the document is exactly what you give (--data, then the \
            options), and what you leave out is 0, false, [] or null. A document the server would refuse \
            (password_max_length 0, password_min_length above the maximum, an unknown key, a wrong type) is \
            refused here with invalid_settings, before anything is sent.
            """,
        parameters: PalbeAuthSettingsParameters(),
        run: { values, context in
            let admin = AuthAdmin(context: context)
            var members: [String: AnyCodableValue] = [:]
            if !values.replace, case .object(let current) = try await admin.exchange("GET", "auth/settings") {
                members = current
            }
            if let data = values.data {
                guard case .object(let given) = try PalbeCLIRequest.body(from: data) else {
                    throw UsageError(code: .invalidValue, message: "--data must be a JSON object")
                }
                members.merge(given) { _, new in new }
            }
            if let min = values.minLength { members["password_min_length"] = .int(min) }
            if let max = values.maxLength { members["password_max_length"] = .int(max) }
            if let confirm = values.confirmEmail {
                members["confirm_email_required"] = .bool(confirm == "true")
            }
            if let site = values.siteURL { members["site_url"] = site == "none" ? .null : .string(site) }
            if let apps = values.passkeyAppleApps {
                let entries =
                    apps == "none" ? [] : apps.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                members["passkey_apple_apps"] = .array(entries.map(AnyCodableValue.string))
            }
            let document = AnyCodableValue.object(members)
            // The server's own validation, run here: a refused document is never sent.
            do {
                _ = try AuthSettings(document: document)
            } catch let refusal as PalbaseHTTPError {
                throw CommandFailure(code: refusal.code, message: "Not sent: \(refusal.description)")
            }
            let saved = try await admin.exchange("PUT", "auth/settings", body: document)
            try context.emit(saved, text: [try PalbeCLIRequest.prettyJSON(saved)])
        }
    )
}

/// `settings set`'s options: each names one setting; `--data` gives several as JSON.
private struct PalbeAuthSettingsParameters: CommandParameters {
    let minLength = Option<Int?>.value("min-length", valueName: "n", help: "password_min_length.")
    let maxLength = Option<Int?>.value("max-length", valueName: "n", help: "password_max_length (1 to 1024).")
    let confirmEmail = Option<String?>.value(
        "confirm-email", type: .oneOf(["true", "false"]),
        help: "confirm_email_required: whether password sign-in needs a verified address.")
    let siteURL = Option<String?>.value(
        "site-url", type: .nonEmpty, valueName: "url|none",
        help: "site_url, the base of emailed links; none for the emulator's own origin.")
    let passkeyAppleApps = Option<String?>.value(
        "passkey-apple-apps", type: .string, valueName: "ids|none",
        help: "passkey_apple_apps: <TEAM_ID>.<bundle_id> entries, comma-separated; none for an empty list.")
    let data = Option<String?>.value(
        "data", type: .string, valueName: "json|@file", help: "Settings as a JSON object, inline or @file.")
    let replace = Option.flag("replace", help: "Replace the whole document instead of merging.")
}

/// The emulator's admin API as the operator commands (`settings`, `mfa`) reach it, with the admin token
/// `EmulatorAdminClient` finds.
struct AuthAdmin {
    let admin: EmulatorAdminClient
    let baseURL: URL

    init(context: OutputContext) {
        baseURL = context.baseURL ?? PalbeCLIConfiguration.defaultBaseURL
        admin = EmulatorAdminClient(baseURL: baseURL, environment: context.environment)
    }

    /// `method` on `/__emulator/<path>` with `body`; the JSON answer of a 200, `null` for a 204, and the
    /// admin API's refusal as a ``CommandFailure``.
    func exchange(_ method: String, _ path: String, body: AnyCodableValue? = nil) async throws -> AnyCodableValue {
        let response: HTTPResponse
        do {
            response = try await admin.send(method, path, body: body)
        } catch let error as TransportError {
            throw CommandFailure(
                code: "emulator_unreachable",
                message: "No emulator answers at \(baseURL.absoluteString) (\(error.message)); start one with "
                    + "'sdk emulator start'")
        }
        if response.status == 204 { return .null }
        guard response.status == 200,
            let document = try? JSONDecoder().decode(AnyCodableValue.self, from: response.body)
        else { throw admin.failure(response, path: path) }
        return document
    }
}
