import ErrorCore
import Foundation
import SDKCrypto

/// Where a client keeps its device ID and identity token.
///
/// ``standard`` is what the public initializer uses: on Linux the directory
/// `$XDG_DATA_HOME/chatbase-sdk` (or `~/.local/share/chatbase-sdk`) with the token in a
/// ``FileSecureStore`` in its `secure` subdirectory; on Apple platforms the device ID lives in
/// `UserDefaults.standard` under `com.chatbase.sdk.deviceId`, as the official SDK documents, and
/// the token in the Keychain (`KeychainSecureStore`, service ``keychainService``).
/// Tests pass their own directory to isolate state.
package struct ChatbaseStorage: Sendable {
    /// Where the device ID file lives.
    package var directory: URL
    /// Where the identity token lives.
    package var secureStore: any SecureStore
    /// Whether the device ID is kept in `UserDefaults.standard` instead of a file (Apple only).
    package var usesUserDefaults: Bool

    /// Storage in `directory`, the token in a ``FileSecureStore`` in `directory/secure`.
    package init(directory: URL, secureStore: (any SecureStore)? = nil, usesUserDefaults: Bool = false) {
        self.directory = directory
        self.secureStore = secureStore ?? FileSecureStore(directory: directory.appendingPathComponent("secure"))
        self.usesUserDefaults = usesUserDefaults
    }

    /// The Keychain service of the identity token items on Apple platforms.
    package static let keychainService = "com.chatbase.sdk"

    /// The default location for this platform (see the type's discussion).
    package static var standard: ChatbaseStorage {
        #if canImport(Darwin)
            let support =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? FileManager.default.temporaryDirectory
            #if canImport(Security)
                let secureStore: (any SecureStore)? = KeychainSecureStore(service: keychainService)
            #else
                let secureStore: (any SecureStore)? = nil
            #endif
            return ChatbaseStorage(
                directory: support.appendingPathComponent("chatbase-sdk"), secureStore: secureStore,
                usesUserDefaults: true)
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
