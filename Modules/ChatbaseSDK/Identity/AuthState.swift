/// Whether the client is signed in.
///
/// Printing it never shows the token: its description is `anonymous` or `identified(<redacted>)`, and
/// `dump` and debuggers see the same (its mirror has no children).
public enum AuthState: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// No user: requests carry only the device ID.
    case anonymous
    /// Signed in with ``ChatbaseClient/identify(token:)``: requests carry this JWT in `X-User-Token`.
    case identified(token: String)

    /// `anonymous` or `identified(<redacted>)`.
    public var description: String {
        switch self {
        case .anonymous: "anonymous"
        case .identified: "identified(<redacted>)"
        }
    }

    /// A mirror without the token, so `dump(state)` and reflection-based loggers cannot reveal it.
    public var customMirror: Mirror {
        Mirror(self, children: [], displayStyle: .enum)
    }

    /// The token, when identified.
    var token: String? {
        if case .identified(let token) = self { return token }
        return nil
    }
}
