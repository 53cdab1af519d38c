import ErrorCore
import Foundation
import SDKCrypto

/// Where `pb.auth` keeps its persisted unit when the runtime names no store
/// (``PalbeRuntime/sessionStore``), and what the item is called.
package enum SessionStorage {
    /// The Keychain (service `studio.palbase.session`; after first unlock, this device only, never
    /// synced) on Apple platforms; elsewhere owner-only files in `$XDG_DATA_HOME/palbase/sessions`
    /// (by default `~/.local/share/palbase/sessions`).
    package static var platformDefault: any SecureStore {
        #if canImport(Security)
            KeychainSecureStore(service: "studio.palbase.session")
        #else
            FileSecureStore(directory: defaultDirectory(environment: ProcessInfo.processInfo.environment))
        #endif
    }

    /// Owner-only files in `directory` (created 0700 on the first write, each file 0600, written
    /// atomically): what a tool passes as ``PalbeRuntime/sessionStore`` to keep the session in a
    /// directory of its own, such as the `sdk` CLI's `.sdk/palbe`.
    package static func directory(_ directory: URL) -> any SecureStore {
        FileSecureStore(directory: directory)
    }

    /// The directory of the non-Apple default: `$XDG_DATA_HOME/palbase/sessions`, else
    /// `$HOME/.local/share/palbase/sessions` (`$HOME` as `NSHomeDirectory()` reads it when unset:
    /// `FileManager.homeDirectoryForCurrentUser` is macOS-only, and this compiles on every platform).
    static func defaultDirectory(environment: [String: String]) -> URL {
        let base: URL
        if let data = environment["XDG_DATA_HOME"]?.nonBlank, data.hasPrefix("/") {
            base = URL(fileURLWithPath: data, isDirectory: true)
        } else {
            let home = environment["HOME"]?.nonBlank.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share")
        }
        return base.appendingPathComponent("palbase/sessions", isDirectory: true)
    }

    /// The item's key: one per environment (base URL and API key), so a staging session is never
    /// sent to production. `palbe-session-` and 32 hex digits of SHA-256 over the two.
    package static func itemKey(for configuration: PalbeConfiguration) -> String {
        var url = configuration.baseURL.absoluteString
        while url.hasSuffix("/") { url.removeLast() }
        let digest = SHA256.hash(Data((url + "\n" + configuration.apiKey).utf8))
        return "palbe-session-" + digest.prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
