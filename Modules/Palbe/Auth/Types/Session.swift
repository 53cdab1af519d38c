import Foundation

/// When a session's access token runs out; the tokens themselves are internal and never exposed.
///
/// An expired access token does not end the session: `pb.auth` refreshes it before the next request
/// (or after a 401) with the refresh token it keeps. The session ends only when the server refuses
/// that refresh (``SignOutReason/sessionExpired``).
public struct Session: Sendable, Equatable, Codable {
    /// When the access token expires, in unix seconds.
    public let expiresAt: Int64

    /// A session whose access token expires at `expiresAt` (unix seconds).
    public init(expiresAt: Int64) {
        self.expiresAt = expiresAt
    }

    /// Whether the access token has expired by this device's clock.
    public var isExpired: Bool {
        Int64(Date().timeIntervalSince1970) >= expiresAt
    }
}
