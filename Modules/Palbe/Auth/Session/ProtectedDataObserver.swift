#if canImport(UIKit) && !os(watchOS)
    import Foundation
    import UIKit

    /// Tells the session when the device's protected data became available (the first unlock after a
    /// restart), so a session store that could not be read is read again at once instead of at its next
    /// retry. `UIApplication.protectedDataDidBecomeAvailableNotification`, iOS 4+, tvOS, visionOS.
    enum ProtectedDataObserver {
        /// Calls `handler` on every such notification, for as long as the returned token lives.
        static func observe(_ handler: @escaping @Sendable () -> Void) -> any NSObjectProtocol {
            NotificationCenter.default.addObserver(
                forName: UIApplication.protectedDataDidBecomeAvailableNotification, object: nil, queue: nil
            ) { _ in handler() }
        }

        /// Ends the observation `observe(_:)` returned.
        static func stop(_ token: any NSObjectProtocol) {
            NotificationCenter.default.removeObserver(
                token, name: UIApplication.protectedDataDidBecomeAvailableNotification, object: nil)
        }
    }
#endif
