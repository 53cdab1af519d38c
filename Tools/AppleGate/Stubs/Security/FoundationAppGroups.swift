import Foundation

// Foundation API that Apple's Foundation has and Linux's does not. The gate compiles the SDK against
// Linux's Foundation, so it is declared here, in a stub every file using it imports (`Security`, which
// those files import for the Keychain anyway). Apple's signature, from its documentation.

extension FileManager {
    /// The container directory shared by the app group `groupIdentifier`, or `nil` when the process is
    /// not entitled to it. iOS 7.0+, macOS 10.8+.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { nil }
}
