import Foundation
import SDKCrypto

#if canImport(Security)
    import Security
#endif

// Where an app group's shared session lives (`configure(messagingAppGroup:)`).

extension SessionStorage {
    /// The store of the session an app shares with its extensions through the app group `group`, or `nil`
    /// when the group is not one this process can use (a name that is not an app group identifier; on
    /// Apple platforms, a group missing from the target's App Groups entitlement).
    ///
    /// - Apple platforms: Keychain items of service `studio.palbase.session.shared` in the access group
    ///   `group` (an app group is a keychain access group), locked through files in the group's container,
    ///   `Library/Application Support/studio.palbase`. A service of its own, so a query for the app's own
    ///   items (which searches every group the app has) never reads or deletes the shared one.
    /// - Elsewhere: owner-only files in `$XDG_DATA_HOME/palbase/groups/<group>`, beside the default
    ///   `sessions` directory; the directory is the container and holds the lock files too.
    package static func appGroup(_ group: String, environment: [String: String]) -> (any SecureStore)? {
        guard FileSecureStore.isValidKey(group) else { return nil }
        #if canImport(Security)
            guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group)
            else { return nil }
            let locks = container.appendingPathComponent(
                "Library/Application Support/studio.palbase", isDirectory: true)
            return CoordinatedSecureStore(
                base: KeychainSecureStore(service: "studio.palbase.session.shared", accessGroup: group),
                lockDirectory: locks)
        #else
            return FileSecureStore(
                directory: defaultDirectory(environment: environment).deletingLastPathComponent()
                    .appendingPathComponent("groups", isDirectory: true)
                    .appendingPathComponent(group, isDirectory: true))
        #endif
    }
}
