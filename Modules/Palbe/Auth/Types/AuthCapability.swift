/// Which credentials the signed-in account has, read from the server by ``AuthNamespace/capability()``.
///
/// Branch on ``hasPassword``, never on ``providers``: a phone-OTP user has no password and no linked
/// provider.
public struct AuthCapability: Sendable, Equatable {
    /// Whether the account has a password (offer ``AuthNamespace/setPassword(_:)`` when it has not).
    public let hasPassword: Bool
    /// The identity kinds linked to the account; `[]` means "asked, none linked", `nil` means the
    /// server could not tell. Treat `nil` as unknown.
    public let providers: [String]?

    /// A capability from its parts, for tests and previews.
    public init(hasPassword: Bool, providers: [String]?) {
        self.hasPassword = hasPassword
        self.providers = providers
    }
}
