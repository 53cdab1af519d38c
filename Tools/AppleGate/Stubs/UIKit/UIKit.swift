// UIKit, as far as the SDKs use it: the window a system sheet (web authentication, passkeys, Apple Pay)
// is presented over.
//
// Declared as Apple documents them: names, argument labels, optionality, availability and isolation.
// Every class here is `@MainActor`, as Apple's declarations say (`@MainActor class UIResponder`, `…UIView`,
// `…UIWindow`, `…UIScene`, `…UIWindowScene`, `…UIApplication`); their nested enums are `Sendable`, as
// every imported `NS_ENUM` is.
// - https://developer.apple.com/documentation/uikit/uiresponder, …/uiview
// - https://developer.apple.com/documentation/uikit/uiwindow: `init(windowScene:)` (iOS 13), `isKeyWindow`
//   ("true when the window is the key window of its scene", iOS 15), `windowScene` (`weak`, iOS 13)
// - https://developer.apple.com/documentation/uikit/uiscene (`@MainActor class UIScene`),
//   …/uiscene/activationstate (`unattached` -1, `foregroundActive` 0, `foregroundInactive` 1, `background` 2)
// - https://developer.apple.com/documentation/uikit/uiwindowscene: `windows`, `keyWindow` (iOS 15:
//   `var keyWindow: UIWindow? { get }`)
// - https://developer.apple.com/documentation/uikit/uiapplication: `shared` (`@property(class) UIApplication
//   *sharedApplication NS_EXTENSION_UNAVAILABLE_IOS("Use view controller based solutions where appropriate
//   instead.")`, imported as `@available(iOSApplicationExtension, unavailable)`), `connectedScenes` (iOS 13)
// - https://developer.apple.com/documentation/objectivec/nsobjectprotocol/perform(_:) and
//   https://developer.apple.com/documentation/foundation/nsselectorfromstring(_:): the Objective-C
//   runtime's (`ObjectiveC`, re-exported by Foundation on Apple platforms), which corelibs Foundation
//   lacks. They are declared here only because the one file that uses them imports UIKit; on an Apple
//   platform they are not UIKit's.
//
// The Linux compiler ignores `@available(iOSApplicationExtension, unavailable)` (and the availability gate
// reads only the iOS and macOS domains), so `UIApplication.shared` is also `@available(*, unavailable)`
// here: the stub is UIKit as Xcode presents it to a package compiled for an app extension
// (`APPLICATION_EXTENSION_API_ONLY`), where the SDKs must compile. That is the one deliberate difference
// from the declarations of an app target.
// UIKit's headers import Foundation, and the framework's module exports what it imports: so does this one.
// Bodies are placeholders: the gate type-checks against this module and never runs it.

@_exported import Foundation

/// An Objective-C selector (the `ObjectiveC` module's `Selector`).
public struct Selector: Hashable, Sendable {
    let name: String
}

/// The selector named `aSelectorName` (Foundation's `NSSelectorFromString(_:)`).
public func NSSelectorFromString(_ aSelectorName: String) -> Selector {
    Selector(name: aSelectorName)
}

extension NSObject {
    /// Sends `aSelector` to the receiver (here a class object, which inherits `NSObject`'s instance
    /// methods) and returns the result: `NSObjectProtocol.perform(_:)`.
    public class func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>! {
        nil
    }
}

/// An abstract interface for responding to and handling events.
@MainActor open class UIResponder: NSObject {}

/// An object that manages the content for a rectangular area on the screen.
@MainActor open class UIView: UIResponder {}

/// The backdrop for the app's user interface and the object that dispatches events to its views.
@MainActor open class UIWindow: UIView {
    public override init() {
        super.init()
    }

    /// Creates a window and associates it with `windowScene`.
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    public init(windowScene: UIWindowScene) {
        super.init()
    }

    /// Whether the window is the key window (of its scene, from iOS 15).
    open var isKeyWindow: Bool { false }

    /// The scene containing the window.
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    open weak var windowScene: UIWindowScene?

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {}
}

/// One instance of the app's user interface.
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@MainActor open class UIScene: UIResponder {
    /// The activation states of a scene.
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }

    /// The current activation state of the scene.
    open var activationState: UIScene.ActivationState { .unattached }
}

/// A scene that manages one or more windows.
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@MainActor open class UIWindowScene: UIScene {
    /// The windows associated with the scene.
    open var windows: [UIWindow] { [] }

    /// The key window associated with the scene.
    @available(iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    open var keyWindow: UIWindow? { nil }
}

/// The centralized point of control and coordination for apps running in iOS.
@MainActor open class UIApplication: UIResponder {
    /// The singleton app instance. Apple's declaration is the first attribute; the second makes the Linux
    /// compiler, which ignores `iOSApplicationExtension`, refuse every use, as Xcode does when it compiles a
    /// package for an app extension: an SDK module must compile there, so it cannot name `shared` at all.
    @available(
        iOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead."
    )
    @available(
        *, unavailable,
        message: "'shared' is unavailable in application extensions for iOS: an SDK module must compile in one."
    )
    open class var shared: UIApplication { fatalError("stub") }

    /// The scenes currently connected to the app.
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    open var connectedScenes: Set<UIScene> { [] }

    /// Posted when the protected files become available for your code to access (no `userInfo`).
    /// Apple declares `nonisolated class let protectedDataDidBecomeAvailableNotification: NSNotification.Name`
    /// (iOS 4.0+, tvOS, visionOS 1.0+; https://developer.apple.com/documentation/uikit/uiapplication/protecteddatadidbecomeavailablenotification);
    /// a class cannot store a `class let`, so the stub spells it `static let`, which reads the same at the use.
    @available(iOS 4.0, tvOS 9.0, visionOS 1.0, *)
    nonisolated public static let protectedDataDidBecomeAvailableNotification = NSNotification.Name(
        "UIApplicationProtectedDataDidBecomeAvailable")
}
