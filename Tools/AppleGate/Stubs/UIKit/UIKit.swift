// UIKit, as far as the SDKs use it: finding the key window to present a system sheet over.
//
// Declared as Apple documents them (names, labels, optionality; every class here is `@MainActor`, as
// UIKit's are):
// - https://developer.apple.com/documentation/uikit/uiapplication (`shared` is unavailable in app
//   extensions: `@available(iOSApplicationExtension, unavailable)`), `connectedScenes`
// - https://developer.apple.com/documentation/uikit/uiscene, `activationState`,
//   https://developer.apple.com/documentation/uikit/uiscene/activationstate
// - https://developer.apple.com/documentation/uikit/uiwindowscene, `windows`, `keyWindow` (iOS 15)
// - https://developer.apple.com/documentation/uikit/uiwindow, `init(windowScene:)`, `isKeyWindow`
// - https://developer.apple.com/documentation/objectivec/nsobject/1418764-perform (`perform(_:)`) and
//   https://developer.apple.com/documentation/foundation/1395294-nsselectorfromstring: the Objective-C
//   runtime's, which corelibs Foundation lacks; declared here because only the UIKit branch uses them.
//
// Bodies are placeholders: the gate type-checks against this module and never runs it.

import Foundation

/// An Objective-C selector (the ObjectiveC module's `Selector`).
public struct Selector: Hashable, Sendable {
    let name: String
}

/// The selector named `aSelectorName` (Foundation).
public func NSSelectorFromString(_ aSelectorName: String) -> Selector {
    Selector(name: aSelectorName)
}

extension NSObject {
    /// Sends `aSelector` to the receiver (here, to a class object) and returns the result.
    public class func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>! {
        nil
    }
}

@MainActor open class UIResponder: NSObject {}

@MainActor open class UIView: UIResponder {}

@MainActor open class UIWindow: UIView {
    public override init() {
        super.init()
    }

    /// A window attached to `windowScene` (iOS 13).
    public init(windowScene: UIWindowScene) {
        super.init()
    }

    /// Whether this is the key window of its scene.
    open var isKeyWindow: Bool { false }

    /// The scene the window is in.
    open var windowScene: UIWindowScene? { nil }
}

@MainActor open class UIScene: UIResponder {
    /// Where a scene is in its life.
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }

    /// The scene's current state.
    open var activationState: UIScene.ActivationState { .unattached }
}

@MainActor open class UIWindowScene: UIScene {
    /// The windows of the scene.
    open var windows: [UIWindow] { [] }

    /// The scene's key window (iOS 15).
    @available(iOS 15.0, *)
    open var keyWindow: UIWindow? { nil }
}

@MainActor open class UIApplication: UIResponder {
    /// The app's instance. Not in app extensions.
    @available(iOSApplicationExtension, unavailable)
    open class var shared: UIApplication { UIApplication() }

    /// The scenes connected to the app (iOS 13).
    open var connectedScenes: Set<UIScene> { [] }
}
