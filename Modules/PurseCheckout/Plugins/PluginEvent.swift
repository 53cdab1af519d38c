/// A partner module's announcement: a method moved into a `PARTNER_UI_*` state (or left it).
/// Delivered through `PurseHeadlessCheckout.onPluginEvent` and `pluginEvents`.
public struct PluginEvent: Sendable, Equatable {
    /// The method (`applepay-wallet`).
    public let methodID: String
    /// The plugin that served it (`applepay`).
    public let pluginID: String
    /// The method's new partner state (`PARTNER_UI_CANCELLED`, …), or `nil` when it was cleared
    /// (the method was tried again).
    public let state: DisabledState?

    /// An event from its parts.
    package init(methodID: String, pluginID: String, state: DisabledState?) {
        self.methodID = methodID
        self.pluginID = pluginID
        self.state = state
    }
}
