/// Stops a listener registered with ``AuthNamespace/onAuthStateChange(_:)``,
/// ``AuthNamespace/onAuthEvent(_:)`` or ``AuthNamespace/onUserChange(_:)``.
///
/// Keep it for as long as you want the listener called; once it has run, the listener is never
/// called again (a call already under way finishes). Calling it twice is harmless.
public typealias Unsubscribe = @Sendable () -> Void
