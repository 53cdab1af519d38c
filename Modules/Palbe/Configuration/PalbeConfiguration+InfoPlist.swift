import Foundation

// A configuration read from the app's Info.plist, and what goes wrong reading one.

// MARK: - PalbeConfiguration+InfoPlist

extension PalbeConfiguration {
    /// The file name the SDK looks for.
    public static let infoPlistName = "Palbase-Info.plist"

    /// The configuration from `Palbase-Info.plist`, found in this order: the path in the environment
    /// variable `PALBASE_INFO_PLIST`, `./Palbase-Info.plist` in the working directory, then the main
    /// bundle.
    ///
    /// When `PALBASE_INFO_PLIST` is set it is the only place looked at: a build told to use one
    /// environment's file never falls back to another's.
    ///
    /// - Throws: ``AppConfigError/missingConfig`` or ``AppConfigError/missingAPIKey``.
    public static func fromInfoPlist() throws(AppConfigError) -> PalbeConfiguration {
        try fromInfoPlist(
            environment: ProcessInfo.processInfo.environment,
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            bundle: .main)
    }

    /// The lookup of ``fromInfoPlist()`` with its inputs injected, for tests.
    package static func fromInfoPlist(
        environment: [String: String], workingDirectory: URL, bundle: Bundle
    ) throws(AppConfigError) -> PalbeConfiguration {
        if let explicit = environment["PALBASE_INFO_PLIST"]?.nonBlank {
            return try PalbeConfiguration(infoPlistAt: URL(fileURLWithPath: explicit))
        }
        let local = workingDirectory.appendingPathComponent(infoPlistName)
        if FileManager.default.fileExists(atPath: local.path) {
            return try PalbeConfiguration(infoPlistAt: local)
        }
        if let bundled = bundle.url(forResource: "Palbase-Info", withExtension: "plist") {
            return try PalbeConfiguration(infoPlistAt: bundled)
        }
        throw .missingConfig
    }

    /// The configuration in the plist file at `url`.
    ///
    /// - Throws: ``AppConfigError/missingConfig`` when the file cannot be read or is not a usable
    ///   plist, ``AppConfigError/missingAPIKey`` when it has no `api_key`.
    public init(infoPlistAt url: URL) throws(AppConfigError) {
        guard let data = try? Data(contentsOf: url) else { throw .missingConfig }
        try self.init(infoPlist: data)
    }

    /// The configuration in plist bytes (XML or binary): keys `base_url`, `api_key`,
    /// `environment`, `sealing_key`, `oauth_redirect_uri` (strings; values that are not strings count as
    /// absent) and `oauth`, the native sign-in snapshot per provider (`mode`, `issuer`, `client_id`,
    /// `redirect_uri`), validated here.
    ///
    /// - Throws: ``AppConfigError/missingConfig`` when the data is not a property-list dictionary
    ///   or has no `http`/`https` `base_url`, ``AppConfigError/missingAPIKey`` when `api_key` is
    ///   missing or blank, ``AppConfigError/invalidOAuthConfig(key:)`` for an unusable `oauth` snapshot.
    public init(infoPlist data: Data) throws(AppConfigError) {
        guard
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
            let values = plist as? [String: Any]
        else { throw .missingConfig }
        func string(_ key: String) -> String? {
            (values[key] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines).nonBlank
        }
        guard let baseText = string("base_url"), let baseURL = URL(string: baseText),
            Self.isUsableBaseURL(baseURL)
        else { throw .missingConfig }
        guard let apiKey = string("api_key") else { throw .missingAPIKey }
        self.init(
            baseURL: baseURL, apiKey: apiKey, environment: string("environment") ?? "local",
            sealingKey: string("sealing_key"))
        oauthRedirectURI = string("oauth_redirect_uri")
        nativeOAuth = try NativeOAuthClient.snapshot(values["oauth"])
    }
}

// MARK: - AppConfigError

/// Why `Palbase-Info.plist` could not configure the SDK.
///
/// The global ``pb`` does not throw it: a misconfigured build dies at first use with
/// `fatalError("Palbe: \(error.message)")`, so you meet it as a crash at launch, not in a `catch`.
/// ``PalbeConfiguration/fromInfoPlist()`` and the plist initializers throw it for tools that want
/// to report it themselves. It is deliberately not a ``PalbaseError``: it has no code, status or
/// request id.
public enum AppConfigError: Error, Sendable, Equatable {
    /// No usable `Palbase-Info.plist`: none was found, it could not be read as a property list
    /// dictionary, or it has no `base_url` that is an absolute `http`/`https` URL.
    case missingConfig
    /// The plist has no `api_key`, or it is empty.
    case missingAPIKey
    /// The plist's native sign-in snapshot (`oauth`) is unusable: `key` names the first key that is missing
    /// or wrong (`oauth.google.client_id`).
    case invalidOAuthConfig(key: String)

    /// What is wrong and how to fix it, for the crash message and logs.
    public var message: String {
        switch self {
        case .missingConfig:
            "No usable Palbase-Info.plist: it is missing, unreadable, or has no http(s) base_url. Add the "
                + "environment's Palbase-Info.plist to the app target (or point PALBASE_INFO_PLIST at one)."
        case .missingAPIKey:
            "Palbase-Info.plist has no api_key. Regenerate it for this environment."
        case .invalidOAuthConfig(let key):
            "Palbase-Info.plist's \(key) is missing or not usable for native sign-in. Run `palbase link` again "
                + "for this environment."
        }
    }
}

extension AppConfigError: LocalizedError {
    /// The same text as ``message``.
    public var errorDescription: String? { message }
}
