import EmulatorCore
import ErrorCore
import Foundation

/// The per-environment auth settings document (`palbase auth settings get|set`), one per tenant, written
/// whole through the admin API:
///
/// ```json
/// {"password_min_length": 8, "password_max_length": 64, "confirm_email_required": false,
///  "passkey_apple_apps": ["ABCDE12345.com.example.app"], "site_url": null}
/// ```
///
/// A write replaces the document: an omitted number is 0, an omitted flag false, an omitted list empty, an
/// omitted `site_url` null, exactly as the real stack reads a partial body. So a body that forgets
/// `password_max_length` sets it to 0, and that write is refused.
package struct AuthSettings: Sendable, Equatable {
    /// The shortest password accepted, in characters.
    package var passwordMinLength = 8
    /// The longest password accepted, in characters.
    package var passwordMaxLength = 64
    /// Whether a password sign-in needs a verified email address (403 `email_not_confirmed`).
    package var confirmEmailRequired = false
    /// `<TEAM_ID>.<bundle id>` entries published in `/.well-known/apple-app-site-association`.
    package var passkeyAppleApps: [String] = []
    /// The base of the links the service emails (magic links, resets, verification); the emulator's own
    /// origin when nil.
    package var siteURL: String?

    /// The defaults a fresh environment has.
    package init() {}

    /// The highest `password_max_length` accepted: PBKDF2 hashes any length, but a bound keeps a hostile
    /// body from making the service hash megabytes.
    static let maximumPasswordLength = 1024

    static let keys: Set<String> = [
        "password_min_length", "password_max_length", "confirm_email_required", "passkey_apple_apps", "site_url",
    ]

    /// Reads and validates a whole document; throws 400 `invalid_settings` listing every problem.
    package init(document: AnyCodableValue) throws {
        guard case .object(let members) = document else {
            throw AuthErrors.invalidSettings([("", "The settings must be a JSON object")])
        }
        var problems: [(field: String, message: String)] = []
        // Named one by one up to ten, then counted: the answer stays small whatever the body holds.
        let unknown = members.keys.filter { !Self.keys.contains($0) }
        for key in unknown.sorted().prefix(10) { problems.append((key, "Unknown setting")) }
        if unknown.count > 10 { problems.append(("", "\(unknown.count - 10) more unknown settings")) }
        func integer(_ key: String) -> Int {
            guard let value = members[key], !value.isNull else { return 0 }
            guard let int = value.intValue else {
                problems.append((key, "Must be an integer"))
                return 0
            }
            return int
        }
        passwordMinLength = integer("password_min_length")
        passwordMaxLength = integer("password_max_length")
        if passwordMinLength < 0 { problems.append(("password_min_length", "Must not be negative")) }
        if passwordMaxLength < 1 || passwordMaxLength > Self.maximumPasswordLength {
            problems.append(("password_max_length", "Must be between 1 and \(Self.maximumPasswordLength)"))
        } else if passwordMinLength > passwordMaxLength {
            problems.append(("password_min_length", "Must not exceed password_max_length (\(passwordMaxLength))"))
        }
        switch members["confirm_email_required"] {
        case nil, .null?: confirmEmailRequired = false
        case .bool(let flag)?: confirmEmailRequired = flag
        default: problems.append(("confirm_email_required", "Must be a boolean"))
        }
        switch members["passkey_apple_apps"] {
        case nil, .null?: passkeyAppleApps = []
        case .array(let entries)?:
            for (index, entry) in entries.enumerated() {
                if let app = entry.stringValue, Self.isAppIdentifier(app) {
                    passkeyAppleApps.append(app)
                } else {
                    problems.append(("passkey_apple_apps.\(index)", "Must be <TEAM_ID>.<bundle_id>"))
                }
            }
        default: problems.append(("passkey_apple_apps", "Must be an array of strings"))
        }
        switch members["site_url"] {
        case nil, .null?: siteURL = nil
        case .string(let text)? where Self.isSiteURL(text): siteURL = text
        default: problems.append(("site_url", "Must be an http or https URL, or null"))
        }
        if !problems.isEmpty { throw AuthErrors.invalidSettings(problems) }
    }

    /// The document as JSON.
    package var document: AnyCodableValue {
        [
            "password_min_length": .int(passwordMinLength), "password_max_length": .int(passwordMaxLength),
            "confirm_email_required": .bool(confirmEmailRequired),
            "passkey_apple_apps": .array(passkeyAppleApps.map(AnyCodableValue.string)),
            "site_url": siteURL.map(AnyCodableValue.string) ?? .null,
        ]
    }

    /// A ten-character team id of capitals and digits, a dot, then a bundle id (letters, digits, `.`, `-`).
    static func isAppIdentifier(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 10,
            parts[0].unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
        else { return false }
        let bundle = parts[1]
        return !bundle.isEmpty && !bundle.hasPrefix(".") && !bundle.hasSuffix(".") && !bundle.contains("..")
            && bundle.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || $0 == "." || ("0"..."9").contains($0))
            }
    }

    static func isSiteURL(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return false }
        return components.query == nil && components.fragment == nil
    }
}

extension AuthSettings {
    /// The tenant's document, or the defaults when none was written.
    static func load(tenant: String, store: SQLiteDatabase) throws -> AuthSettings {
        guard
            let text = try store.query("SELECT document FROM auth_settings WHERE tenant = ?", [.text(tenant)]).first?
                .string("document"), let document = SampleJSON.parse(Data(text.utf8))
        else { return AuthSettings() }
        return (try? AuthSettings(document: document)) ?? AuthSettings()
    }

    /// Replaces the tenant's document.
    func save(tenant: String, store: SQLiteDatabase) throws {
        try store.execute(
            "INSERT INTO auth_settings (tenant, document) VALUES (?, ?) "
                + "ON CONFLICT (tenant) DO UPDATE SET document = excluded.document",
            [.text(tenant), .text(document.jsonText)])
    }

    /// Refuses a password outside the bounds, or on the breached list; `field` names it in `details`.
    func validate(password: String, field: String) throws {
        let length = password.count
        if length < max(1, passwordMinLength) {
            throw AuthErrors.passwordTooShort(minimum: max(1, passwordMinLength), field: field)
        }
        if length > passwordMaxLength { throw AuthErrors.passwordTooLong(maximum: passwordMaxLength, field: field) }
        if BreachedPasswords.contains(password) { throw AuthErrors.passwordBreached(field: field) }
    }
}
