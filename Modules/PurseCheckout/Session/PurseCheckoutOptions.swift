import ErrorCore
import Foundation

/// How a ``PurseHeadlessCheckout`` behaves beyond its session: locale, return URL, timeouts,
/// diagnostics and where it keeps a pending payment between launches.
public struct PurseCheckoutOptions: Sendable {
    /// The shopper's locale sent to `/init` (`fr-FR`); `nil` lets the API decide.
    public var locale: String?
    /// The app's return URL, sent as `client_context.return_url` (redirect methods need it).
    public var returnURL: URL?
    /// The limit on each exchange with the API.
    public var requestTimeout: Duration
    /// Where diagnostics go. The HTTP trace (subsystem `tech.purse.sdk`, category `http`) is written
    /// when this logger wants `LogLevel.trace`; card data, tokens and the session secret are never in it.
    public var logger: any SDKLogger
    /// Where the pending payment's idempotency key is kept until its outcome is known.
    public var storage: PurseCheckoutStorage
    /// The partner modules the checkout's elements use: ``PluginRegistry/shared`` unless a registry
    /// of its own is given (tests need no global state then).
    public var plugins: PluginRegistry

    /// Options with their defaults: no locale or return URL, 30 s per exchange, no logging, the
    /// standard storage, the shared plugin registry.
    public init(
        locale: String? = nil, returnURL: URL? = nil, requestTimeout: Duration = .seconds(30),
        logger: any SDKLogger = NoLogger(), storage: PurseCheckoutStorage = .standard,
        plugins: PluginRegistry = .shared
    ) {
        self.plugins = plugins
        self.locale = locale
        self.returnURL = returnURL
        self.requestTimeout = requestTimeout
        self.logger = logger
        self.storage = storage
    }
}

/// Where a checkout keeps what it needs to recover a payment after a relaunch: the session id and
/// the `Idempotency-Key` of a submission whose outcome is not known yet, never card data. The
/// record is written before `validate` is sent and removed once the outcome is known.
public enum PurseCheckoutStorage: Sendable, Equatable {
    /// The Keychain on Apple platforms (service `tech.purse.sdk`, this device only); on Linux an
    /// owner-only directory, `$XDG_DATA_HOME/purse-checkout` or `~/.local/share/purse-checkout`.
    case standard
    /// Owner-only files in this directory (created `0700`, files `0600`).
    case directory(URL)
    /// This process's memory only: a relaunch cannot recover the pending payment.
    case memory
}
