import ErrorCore
import Foundation
import SDKCrypto

// `configure(messagingAppGroup:)`: one signed-in client across an app and its extensions.

extension PalbeClient {
    /// Keeps the session in the app group `appGroup`, which the app and its extensions (a notification
    /// service extension fetching what a push announced, a widget) share, so they are one signed-in
    /// client: one session, refreshed by one process at a time, signed out everywhere at once.
    ///
    /// ```swift
    /// // In the app and in each extension, before anything else uses `pb`:
    /// pb.configure(messagingAppGroup: "group.com.example.app")
    /// ```
    ///
    /// Add the group to the App Groups capability of every target that calls it. The session then lives
    /// in the Keychain access group of the same name, and the processes coordinate through a lock file in
    /// the group's container: a refresh holds the lock, re-reads the stored session, and adopts a pair
    /// another process already rotated instead of presenting a retired refresh token.
    ///
    /// Call it before the first use of `pb`. Called later, it moves the session stored so far into the
    /// group once (read from the old place, written to the new, deleted from the old, so a crash at any
    /// point leaves a readable session). Calling it again with the same group does nothing.
    ///
    /// A group this process cannot use (not in the target's entitlement, or not an app group identifier)
    /// changes nothing: the session stays in the app's own store, and the reason is logged as an error.
    public func configure(messagingAppGroup appGroup: String) {
        let before = appGroupInForce.withLock { current in
            defer { current = appGroup }
            return current
        }
        guard before != appGroup else { return }
        let resolve =
            runtime.appGroupStore ?? { SessionStorage.appGroup($0, environment: ProcessInfo.processInfo.environment) }
        guard let store = resolve(appGroup) else {
            let message =
                "configure(messagingAppGroup:): the app group \"\(appGroup)\" cannot be used by this process "
                + "(add it to the target's App Groups capability); the session stays in the app's own store"
            runtime.logger.log(.error, subsystem: "studio.palbase.sdk", category: "auth", message)
            appGroupInForce.withLock { $0 = before }
            return
        }
        session.relocate(to: store)
    }
}
