import ErrorCore

/// The installed partner modules, by plugin id.
///
/// ```swift
/// PluginRegistry.shared.install(ApplePayModule(configuration: applePayConfiguration))
/// PluginRegistry.shared.install(PayPalModule())
/// PluginRegistry.shared.install(KlarnaModule())
/// ```
///
/// A checkout reads the registry its options name (``PurseCheckoutOptions/plugins``, ``shared`` by
/// default) when it builds an element, so install modules before asking for elements. Tests give
/// each checkout a registry of its own and need no global state. Safe to use from any thread.
public final class PluginRegistry: Sendable {
    /// The registry checkouts use unless their options name another.
    public static let shared = PluginRegistry()

    private let modules = Locked<[String: any PartnerModule]>([:])

    /// An empty registry.
    public init() {}

    /// Installs `module`, replacing a module installed earlier for the same plugin id.
    public func install(_ module: any PartnerModule) {
        modules.withLock { $0[module.pluginID] = module }
    }

    /// Removes the module of `pluginID`; elements built from now on have no UI.
    public func uninstall(_ pluginID: String) {
        _ = modules.withLock { $0.removeValue(forKey: pluginID) }
    }

    /// The module installed for `pluginID`, or `nil`.
    public func module(for pluginID: String) -> (any PartnerModule)? {
        modules.withLock { $0[pluginID] }
    }

    /// The installed plugin ids, sorted.
    public var installed: [String] { modules.withLock { $0.keys.sorted() } }
}
