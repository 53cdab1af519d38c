import ErrorCore
import Foundation
import SDKCrypto

/// Where a client keeps its device ID and identity token.
///
/// ``standard`` is what the public initializers and ``DeviceId`` use:
/// - Apple platforms: the official SDK's places, so an app switching SDKs keeps its device and its
///   signed-in user. The device ID lives in `UserDefaults.standard` under
///   `com.chatbase.sdk.deviceId`; the token is the raw JWT in the Keychain item of service
///   `com.chatbase.sdk`, account `userToken`, accessible after first unlock (``TokenLayout/official``).
/// - Linux: the directory `$XDG_DATA_HOME/chatbase-sdk` (or `~/.local/share/chatbase-sdk`), holding
///   the device ID file and, in its `secure` subdirectory, an owner-only ``FileSecureStore`` with one
///   item per agent (``TokenLayout/perAgent``).
///
/// Tests pass their own directory to isolate state, or run code that uses ``standard`` inside
/// ``withOverride(_:operation:)``.
package struct ChatbaseStorage: Sendable {
    /// How the identity token is laid out in ``secureStore``.
    package enum TokenLayout: Sendable, Equatable {
        /// The official SDK's: the raw token under `userToken`, one for every agent, no user ID.
        case official
        /// One item per agent, `identity-<agent id>`, holding the token and the confirmed user ID as JSON.
        case perAgent
    }

    /// Where the device ID file lives.
    package var directory: URL
    /// Where the identity token lives.
    package var secureStore: any SecureStore
    /// How the token is laid out in ``secureStore``.
    package var tokenLayout: TokenLayout
    /// Whether the device ID is kept in `UserDefaults.standard` instead of a file (Apple only).
    package var usesUserDefaults: Bool

    /// Storage in `directory`, the token in a ``FileSecureStore`` in `directory/secure` unless
    /// `secureStore` is given.
    package init(
        directory: URL, secureStore: (any SecureStore)? = nil, tokenLayout: TokenLayout = .perAgent,
        usesUserDefaults: Bool = false
    ) {
        self.directory = directory
        self.secureStore = secureStore ?? FileSecureStore(directory: directory.appendingPathComponent("secure"))
        self.tokenLayout = tokenLayout
        self.usesUserDefaults = usesUserDefaults
    }

    /// The Keychain service of the official SDK's items, and so of ours on Apple platforms.
    package static let keychainService = "com.chatbase.sdk"

    /// What ``standard`` is inside ``withOverride(_:operation:)``.
    @TaskLocal private static var override: ChatbaseStorage?

    /// Runs `operation` with ``standard`` replaced by `storage`, in this task and the tasks it
    /// creates: for tests of code that builds clients with the public initializers.
    package static func withOverride<T>(
        _ storage: ChatbaseStorage, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> T
    ) async rethrows -> T {
        try await $override.withValue(storage, operation: operation, isolation: isolation)
    }

    /// The default location for this platform (see the type's discussion).
    package static var standard: ChatbaseStorage {
        if let override { return override }
        #if canImport(Darwin)
            let support =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? FileManager.default.temporaryDirectory
            #if canImport(Security)
                // The official SDK's item: after first unlock, and in the keychain it writes to on macOS too.
                let secureStore: (any SecureStore)? = KeychainSecureStore(
                    service: keychainService, accessibility: .afterFirstUnlock, usesDataProtectionKeychain: false)
            #else
                let secureStore: (any SecureStore)? = nil
            #endif
            return ChatbaseStorage(
                directory: support.appendingPathComponent("chatbase-sdk"), secureStore: secureStore,
                tokenLayout: .official, usesUserDefaults: true)
        #else
            return ChatbaseStorage(directory: standardDirectory(environment: ProcessInfo.processInfo.environment))
        #endif
    }

    /// `$XDG_DATA_HOME/chatbase-sdk` when that is an absolute path, else `$HOME/.local/share/chatbase-sdk`.
    package static func standardDirectory(environment: [String: String]) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("chatbase-sdk")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/chatbase-sdk")
    }
}
