/// Why a session ended.
public enum SignOutReason: Sendable, Equatable {
    /// The app called ``AuthNamespace/signOut()``.
    case userInitiated
    /// The server refused to refresh the session, or answered `session_revoked` (401) or
    /// `subject_fenced` (403) to an authenticated request.
    case sessionExpired
    /// ``AuthNamespace/deleteAccount(password:)`` succeeded.
    case accountDeleted
}
