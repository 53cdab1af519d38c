import Foundation

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

    /// What is wrong and how to fix it, for the crash message and logs.
    public var message: String {
        switch self {
        case .missingConfig:
            "No usable Palbase-Info.plist: it is missing, unreadable, or has no http(s) base_url. Add the "
                + "environment's Palbase-Info.plist to the app target (or point PALBASE_INFO_PLIST at one)."
        case .missingAPIKey:
            "Palbase-Info.plist has no api_key. Regenerate it for this environment."
        }
    }
}

extension AppConfigError: LocalizedError {
    /// The same text as ``message``.
    public var errorDescription: String? { message }
}
