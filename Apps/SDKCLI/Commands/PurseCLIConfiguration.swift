import Emulator
import ErrorCore
import Foundation
import PurseCheckout
import PurseTools
import SDKCrypto
import SDKTransport

/// Where `sdk purse` finds the Purse API, how its commands chain, and where they keep their state.
///
/// The base-URL rule: `--base-url` (or `$SDK_BASE_URL`) with no path is an emulator root, so `/purse` is
/// appended (`http://127.0.0.1:54321` → `http://127.0.0.1:54321/purse`); one with a path is the Purse API
/// root itself. Without either, the local emulator's `http://127.0.0.1:54321/purse`.
///
/// Chaining: `sdk purse session create` writes the session (id, `widgetData`, amount, API root) to
/// `session.json` in the data directory (`$SDK_PURSE_DATA_DIR`, else `.sdk/purse`; the directory 0700,
/// files 0600). `methods`, `pay` and `status` use `--session <widgetData>` when given, else that file. The
/// checkout keeps a pending payment's idempotency key (never card data) in `pending/` there, so `status`
/// after a `pay` whose answer was lost asks the API what happened.
enum PurseCLIConfiguration {
    /// Where the emulator mounts the Purse API.
    static let apiPath = "/purse"
    /// The local emulator's Purse API.
    static let defaultAPIRoot = URL(string: "http://127.0.0.1:\(EmulatorConfiguration.defaultPort)\(apiPath)")!
    /// The data directory's environment variable.
    static let dataDirectoryKey = "SDK_PURSE_DATA_DIR"
    /// The data directory otherwise, relative to the working directory.
    static let defaultDataDirectory = ".sdk/purse"
    /// The saved session's file name in the data directory.
    static let sessionFileName = "session.json"
    /// The card method's id.
    static let cardMethod = "creditcard"

    /// The `--session` option `methods`, `pay` and `status` share.
    static let sessionOption = Option<String?>.value(
        "session", type: .nonEmpty, valueName: "widgetData",
        help: "The session's widgetData (or its cs_… id when it is the saved one); default: the last session "
            + "'sdk purse session create' saved.")

    /// The Purse API root for `baseURL` (the global option), following the rule in the type's discussion.
    static func apiRoot(_ baseURL: URL?) -> URL {
        guard let baseURL else { return defaultAPIRoot }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return baseURL }
        if components.path.isEmpty || components.path == "/" {
            components.path = apiPath
            return components.url ?? baseURL
        }
        return baseURL
    }

    /// `$SDK_PURSE_DATA_DIR` when set and not empty, else `.sdk/purse` in the working directory.
    static func dataDirectory(environment: [String: String]) -> URL {
        if let path = environment[dataDirectoryKey], !path.isEmpty { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: defaultDataDirectory)
    }

    // MARK: - The saved session

    /// What `session create` saves and the other commands read: no card data, ever.
    struct SavedSession: Codable, Sendable {
        /// The session id (`cs_…`).
        var id: String
        /// The session's `widget.data`.
        var widgetData: String
        /// The amount in minor units.
        var amount: Int
        /// The ISO 4217 currency.
        var currency: String
        /// When the session expires, as the API wrote it.
        var expiresAt: String
        /// The Purse API root the session was minted at.
        var apiRoot: String
    }

    /// Writes `session` to the data directory, owner-only.
    static func save(_ session: SavedSession, environment: [String: String]) throws {
        let directory = dataDirectory(environment: environment)
        let file = directory.appendingPathComponent(sessionFileName)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            // A temporary file renamed over the old one: a link planted at the name is replaced, not followed.
            try OwnerOnlyFiles.write(try encoder.encode(session), to: file)
        } catch {
            throw CommandFailure(
                code: "state_unwritable", message: "cannot save the session in \(directory.path): \(error)")
        }
    }

    /// The saved session, or `nil` when there is none, or it is not one this user alone could have
    /// written (a link, another user's file, one others may write): a planted session is never used.
    static func saved(environment: [String: String]) -> SavedSession? {
        let file = dataDirectory(environment: environment).appendingPathComponent(sessionFileName)
        guard let data = try? OwnerOnlyFiles.read(file) else { return nil }
        return try? JSONDecoder().decode(SavedSession.self, from: data)
    }

    /// The `widgetData` a command works on: `session` (`--session`; a `cs_…` id must name the saved
    /// session), else the saved session.
    static func widgetData(session: String?, environment: [String: String]) throws -> String {
        let saved = saved(environment: environment)
        guard let given = session else {
            guard let saved else {
                throw UsageError(
                    code: .missingOption,
                    message: "no session: pass --session <widgetData>, or run 'sdk purse session create' first")
            }
            return saved.widgetData
        }
        if given.hasPrefix("cs_") {
            guard let saved, saved.id == given else {
                throw UsageError(
                    code: .invalidValue,
                    message: "--session \(UsageError.quoted(given)) is not the saved session; pass its widgetData")
            }
            return saved.widgetData
        }
        return given
    }

    // MARK: - The checkout

    /// A checkout for `widgetData` that keeps its pending payment in the data directory, with the
    /// partner modules `plugins` holds (none unless given) and `returnURL` for redirects.
    static func checkout(
        widgetData: String, context: OutputContext, plugins: PluginRegistry = PluginRegistry(),
        returnURL: URL? = nil
    ) throws -> PurseHeadlessCheckout {
        let pending = dataDirectory(environment: context.environment).appendingPathComponent("pending")
        do {
            return try PurseHeadlessCheckout(
                widgetData: widgetData,
                options: PurseCheckoutOptions(
                    returnURL: returnURL, requestTimeout: .seconds(15), storage: .directory(pending),
                    plugins: plugins))
        } catch let error as PurseCheckoutError {
            if case .sessionMalformed = error {
                throw UsageError(code: .invalidValue, message: "--session is not a Purse session's widgetData")
            }
            throw error
        }
    }

    /// Mints a session at `apiRoot` with the merchant key.
    static func createSession(
        apiRoot: URL, apiKey: String, amount: Int, currency: String, reference: String
    ) async throws -> SavedSession {
        let merchant = PurseMerchantClient(apiRoot: apiRoot, apiKey: apiKey)
        do {
            let session = try await merchant.createSession(amount: amount, currency: currency, reference: reference)
            return SavedSession(
                id: session.id, widgetData: session.widgetData, amount: amount, currency: currency,
                expiresAt: session.expiresAt, apiRoot: apiRoot.absoluteString)
        } catch let failure as PurseMerchantClient.Failure {
            guard let status = failure.status else {
                throw CommandFailure(
                    code: "emulator_unreachable",
                    message: "No Purse API answers at \(apiRoot.absoluteString); start the local emulator with "
                        + "'sdk emulator start', or point --base-url at a running one")
            }
            let body = try? JSONDecoder().decode(AnyCodableValue.self, from: Data(failure.description.utf8))
            let code = body?["error_code"]?.stringValue ?? "session_create_failed"
            let detail = body?["detail"]?.stringValue ?? body?["title"]?.stringValue ?? "HTTP \(status)"
            throw CommandFailure(code: code, message: "the session was not created: \(detail) (HTTP \(status))")
        }
    }

    /// The payments the emulator recorded for `sessionID`, read through its admin API; `nil` when the admin
    /// API cannot be read (another server, or no admin token).
    static func paymentCount(sessionID: String, apiRoot: URL, environment: [String: String]) async -> Int? {
        let admin = EmulatorAdminClient(baseURL: apiRoot, environment: environment)
        guard let response = try? await admin.send("GET", "purse/sessions/\(sessionID)/payments"),
            response.status == 200,
            let body = try? JSONDecoder().decode(AnyCodableValue.self, from: response.body)
        else { return nil }
        return body["count"]?.intValue
    }

    /// Where `sdk purse pay` asks partners to send the shopper back.
    static let returnURL = URL(string: "sdk-cli://purse/return")!

    // MARK: - Descriptions

    /// One method as a line: its id, whether it is primary, and its state.
    static func line(for method: PaymentMethod) -> String {
        var line = "\(method.id) (\(method.partner), \(method.integrationType.rawValue))"
        if method.isPrimary { line += " primary" }
        if let disabled = method.disabled {
            line += ": disabled \(disabled.code.rawValue) (\(disabled.origin.rawValue)): \(disabled.message)"
        } else {
            line += ": available"
        }
        return line
    }

    /// `amount` minor units of `currency` for people: `49.99 EUR`.
    static func money(_ amount: Int, _ currency: String) -> String {
        let sign = amount < 0 ? "-" : ""
        let magnitude = abs(amount)
        return "\(sign)\(magnitude / 100).\(String(format: "%02d", magnitude % 100)) \(currency)"
    }
}
